import { fireEvent, render, screen } from '@testing-library/react';
import { Counter } from '../src/Counter.jsx';

describe('Counter', () => {
  it('counts up to its limit and says it is full', () => {
    render(<Counter limit={2} />);
    fireEvent.click(screen.getByText('add'));
    fireEvent.click(screen.getByText('add'));
    fireEvent.click(screen.getByText('add'));
    expect(screen.getByText('count: 2')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('full');
    expect(screen.getByText('add').disabled).toBe(true);
  });

  it('renders alone after the last test was cleaned up', () => {
    render(<Counter limit={1} unlocked />);
    fireEvent.click(screen.getByText('add'));
    fireEvent.click(screen.getByText('add'));
    expect(screen.getAllByText(/^count:/)).toHaveLength(1);
    expect(screen.getByText('count: 2')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
