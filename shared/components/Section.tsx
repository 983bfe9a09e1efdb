import type { ReactNode } from 'react';

/** A titled page section. Its id is the anchor the search index links to. */
export function Section({
  id,
  title,
  eyebrow,
  intro,
  className,
  children,
}: {
  id: string;
  title: string;
  eyebrow?: string;
  intro?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section className={className ? `section ${className}` : 'section'} aria-labelledby={id}>
      <div className="container">
        <header className="section-head">
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h2 id={id}>{title}</h2>
          {intro && <p className="section-intro">{intro}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}
