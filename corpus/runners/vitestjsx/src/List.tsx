import type { ReactNode } from 'react';

export interface Item {
  id: number;
  label: string;
  done?: boolean;
  hidden?: boolean;
}

function mentions(label: string, words: string[]): boolean {
  return words.some((w) => new RegExp(`\\b${w}\\b`, 'i').test(label));
}

// Shows the items to do, or a message when there are none; every fiftieth one that mentions an
// urgent word is marked.
export function List({ items, empty, urgent = [] }: { items: Item[]; empty: ReactNode; urgent?: string[] }) {
  const shown = items.filter((i) => !i.hidden && !i.done);
  if (shown.length === 0) return <p className="empty">{empty}</p>;
  return (
    <ul>
      {shown.map((i: Item) => (
        <li key={i.id} aria-label={i.label} className={mentions(i.label, urgent) && i.id % 50 === 0 ? 'urgent' : undefined}>
          {i.label}
        </li>
      ))}
    </ul>
  );
}
