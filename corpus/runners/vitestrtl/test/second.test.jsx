import { render, screen } from '@testing-library/react';
import { Counter } from '../src/Counter.jsx';

// a second file: `screen` still finds what it renders, and nothing of the first file is left
it('finds its own render only', () => {
  render(<Counter limit={0} />);
  expect(screen.getAllByText(/^count:/)).toHaveLength(1);
  expect(screen.getByRole('status').textContent).toBe('full');
  expect(document.body.querySelectorAll('div')).toHaveLength(2);
});
