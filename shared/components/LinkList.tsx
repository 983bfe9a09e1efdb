/** A list of plain links: the ways on from the not-found page and from a search that found nothing. */
export function LinkList({ links, className }: { links: readonly { label: string; href: string }[]; className: string }) {
  return (
    <ul className={className}>
      {links.map(({ label, href }) => (
        <li key={href}>
          <a href={href}>{label}</a>
        </li>
      ))}
    </ul>
  );
}
