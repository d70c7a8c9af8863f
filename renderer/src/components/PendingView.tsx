import { useId, type ReactNode } from 'react';

/** A view that has nothing to show yet (loading, or failed to load) still opens with its one h1. */
export function PendingView({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      {children}
    </section>
  );
}
