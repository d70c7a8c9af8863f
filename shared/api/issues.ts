import { z } from 'zod';

/** One bad field, as it appears in the error body's `details` (docs/api.md › Errors). */
export const FieldIssue = z.looseObject({
  path: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssue>;

/** `['alert', 'threshold']` → `alert.threshold`; `['ips', 3]` → `ips[3]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

/**
 * Flattens zod issues into `{ path, message }` pairs that name the field. An unknown key is
 * reported under its own name rather than under the object that holds it, so the person sees
 * which field to remove.
 */
export function formatIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue): FieldIssue[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: formatPath([...issue.path, key]),
        message: 'is not a known field',
      }));
    }
    return [{ path: formatPath(issue.path), message: issue.message }];
  });
}
