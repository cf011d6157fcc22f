import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SectionCard } from './SectionCard';

afterEach(cleanup);

describe('SectionCard', () => {
  it('is a region named by its heading when asked, at the heading level given', () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <SectionCard heading="Arbitration agreement and tribunal" region data-testid="card">
          <p>Body</p>
        </SectionCard>
        <SectionCard heading="Challenge" level="h3">
          <p>Other</p>
        </SectionCard>
      </FluentProvider>,
    );
    const region = screen.getByRole('region', { name: 'Arbitration agreement and tribunal' });
    expect(region.getAttribute('data-testid')).toBe('card');
    expect(region.textContent).toContain('Body');
    expect(screen.getByRole('heading', { level: 3, name: 'Challenge' })).toBeTruthy();
    expect(screen.queryAllByRole('region')).toHaveLength(1);
  });
});
