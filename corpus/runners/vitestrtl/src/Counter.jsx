import { useState } from 'react';

// A counter that stops at its limit unless unlocked, and says when it is full.
export function Counter({ limit, unlocked = false }) {
  const [count, setCount] = useState(0);
  const full = count >= limit && !unlocked;
  return (
    <div>
      <p>count: {count}</p>
      <button disabled={full} onClick={() => setCount((c) => (unlocked || c < limit ? c + 1 : c))}>
        add
      </button>
      {full && <strong role="status">full</strong>}
    </div>
  );
}
