import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { CostsCard } from './CostsCard';

function renderCard(value: string, readOnly: boolean) {
  const onChange = vi.fn();
  render(
    <FluentProvider theme={webLightTheme}>
      <CostsCard value={value} readOnly={readOnly} onChange={onChange} />
    </FluentProvider>,
  );
  return onChange;
}

beforeEach(() => {
  initI18n();
});
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

describe('the costs card', () => {
  it('edits the costs while the draft is open', () => {
    const onChange = renderCard('Kumpikin vastaa omista kuluistaan.', false);
    const box = screen.getByRole('textbox', { name: 'Costs' });
    fireEvent.change(box, { target: { value: 'Vastaaja korvaa kantajan kulut.' } });
    expect(onChange).toHaveBeenCalledWith('Vastaaja korvaa kantajan kulut.');
  });

  it('shows an adopted award’s costs as text, with nothing to type into', () => {
    renderCard('Kumpikin vastaa omista kuluistaan.', true);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Costs' })).toBeTruthy();
    expect(screen.getByTestId('costs-text').textContent).toBe('Kumpikin vastaa omista kuluistaan.');
  });

  it('says when an adopted award makes no decision on costs, in the screens’ language', async () => {
    await i18next.changeLanguage('fi');
    renderCard('  ', true);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Kulut' })).toBeTruthy();
    expect(screen.getByTestId('costs-text').textContent).toBe('Välitystuomiossa ei ole erillistä ratkaisua kuluista.');
  });
});
