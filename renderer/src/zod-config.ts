import { z } from 'zod';

// The CSP forbids eval (docs/architecture.md › Security); zod would otherwise probe `new Function` to compile
// faster parsers, which the page reports as a violation.
z.config({ jitless: true });
