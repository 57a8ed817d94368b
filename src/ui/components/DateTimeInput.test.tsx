import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DateTimeInput } from './DateTimeInput';

const noop = () => {};

describe('DateTimeInput', () => {
  it('renders a read-only field with the placeholder and a calendar icon', () => {
    const html = renderToStaticMarkup(<DateTimeInput value={null} onChange={noop} label="Logical date" />);
    expect(html).toContain('placeholder="Select date and time"');
    expect(html).toMatch(/<input[^>]*readonly/i);
    expect(html).toContain('Logical date');
    expect(html).toContain('datetime-icon');
  });

  it('shows a chosen date in the MMM d, yyyy hh:mm aa format', () => {
    const html = renderToStaticMarkup(<DateTimeInput value={new Date(2024, 2, 5, 14, 30)} onChange={noop} />);
    expect(html).toContain('value="Mar 5, 2024 02:30 PM"');
  });

  it('unparseable input shows the seed message and marks the field invalid', () => {
    const html = renderToStaticMarkup(<DateTimeInput value="not a date" onChange={noop} />);
    expect(html).toContain('Date input not valid.');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('role="alert"');
  });

  it('offers a clear button only when clearable and set', () => {
    const set = renderToStaticMarkup(<DateTimeInput value={new Date(2024, 0, 1)} onChange={noop} clearable />);
    const unset = renderToStaticMarkup(<DateTimeInput value={null} onChange={noop} clearable />);
    expect(set).toContain('aria-label="Clear date"');
    expect(unset).not.toContain('aria-label="Clear date"');
  });
});
