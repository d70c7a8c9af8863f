import { z } from 'zod';

// The CSP forbids eval (DESIGN.md › CSP); zod would otherwise probe `new Function` to compile
// faster parsers, which the page reports as a violation.
z.config({ jitless: true });
