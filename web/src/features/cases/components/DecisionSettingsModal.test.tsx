import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_CHAPTER_HEADINGS,
  DEFAULT_CHAPTER_PROMPTS,
  DEFAULT_DECISION_INSTRUCTIONS,
  defaultDecisionSettings,
  type DecisionSettings,
} from '@ratkaisu/core';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { DECISION_SETTINGS_KEY, loadDecisionSettings } from '../../../stores/decision-settings';
import { DecisionSettingsModal } from './DecisionSettingsModal';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open settings</button>
      <DecisionSettingsModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function stored(): unknown {
  const raw = window.localStorage.getItem(DECISION_SETTINGS_KEY);
  return raw === null ? null : JSON.parse(raw);
}

function store(settings: unknown) {
  window.localStorage.setItem(DECISION_SETTINGS_KEY, JSON.stringify(settings));
}

/** `hidden: true`: Fluent's focus manager marks the modal aria-hidden in jsdom shortly after it opens. */
async function openModal() {
  fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
  return screen.findByRole('dialog', { hidden: true, name: 'Decision settings' });
}

function press(dialog: HTMLElement, name: string) {
  fireEvent.click(within(dialog).getByRole('button', { hidden: true, name }));
}

function field(dialog: HTMLElement, label: string | RegExp) {
  return within(dialog).getByLabelText(label) as HTMLTextAreaElement | HTMLInputElement;
}

const chapterLabel = (index: number) => `Chapter ${index + 1}: ${DEFAULT_CHAPTER_HEADINGS[index]}`;

async function closed() {
  await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
}

beforeEach(() => {
  initI18n();
  render(
    <FluentProvider theme={webLightTheme}>
      <Harness />
    </FluentProvider>,
  );
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('decision settings modal', () => {
  it('shows the defaults when nothing is stored: instructions, seven chapter prompts by heading, sliders', async () => {
    const dialog = await openModal();
    expect(field(dialog, 'Instructions').value).toBe(DEFAULT_DECISION_INSTRUCTIONS);
    DEFAULT_CHAPTER_HEADINGS.forEach((_heading, index) => {
      expect(field(dialog, chapterLabel(index)).value).toBe(DEFAULT_CHAPTER_PROMPTS[index]);
    });
    const temperature = within(dialog).getByRole('slider', { hidden: true, name: 'Temperature' }) as HTMLInputElement;
    const topP = within(dialog).getByRole('slider', { hidden: true, name: 'top_p' }) as HTMLInputElement;
    expect([temperature.min, temperature.max, temperature.step, temperature.value]).toEqual(['0', '1', '0.1', '0']);
    expect([topP.min, topP.max, topP.step, topP.value]).toEqual(['0', '1', '0.1', '1']);
    expect(within(dialog).getByTestId('temperature-value').textContent).toBe('0.0');
    expect(within(dialog).getByTestId('top_p-value').textContent).toBe('1.0');
  });

  it('loads the stored settings when it opens', async () => {
    const mine: DecisionSettings = {
      instructions: 'Omat ohjeet',
      chapterPrompts: DEFAULT_CHAPTER_PROMPTS.map((_p, i) => `Oma kehote ${i + 1}`),
      temperature: 0.4,
      top_p: 0.7,
    };
    store(mine);
    const dialog = await openModal();
    expect(field(dialog, 'Instructions').value).toBe('Omat ohjeet');
    expect(field(dialog, chapterLabel(6)).value).toBe('Oma kehote 7');
    expect(within(dialog).getByTestId('temperature-value').textContent).toBe('0.4');
    expect(within(dialog).getByTestId('top_p-value').textContent).toBe('0.7');
  });

  it('saves edited prompts and slider values to local storage under "settings" and closes', async () => {
    const dialog = await openModal();
    fireEvent.change(field(dialog, 'Instructions'), { target: { value: 'Kirjoita lyhyesti.' } });
    fireEvent.change(field(dialog, chapterLabel(2)), { target: { value: 'Luettele oikeuskysymykset.' } });
    fireEvent.change(within(dialog).getByRole('slider', { hidden: true, name: 'Temperature' }), {
      target: { value: '0.3' },
    });
    expect(within(dialog).getByTestId('temperature-value').textContent).toBe('0.3');
    fireEvent.change(within(dialog).getByRole('slider', { hidden: true, name: 'top_p' }), {
      target: { value: '0.9' },
    });
    press(dialog, 'Save');
    await closed();

    const expected = defaultDecisionSettings();
    expected.instructions = 'Kirjoita lyhyesti.';
    expected.chapterPrompts[2] = 'Luettele oikeuskysymykset.';
    expected.temperature = 0.3;
    expected.top_p = 0.9;
    expect(stored()).toEqual(expected);
    expect(loadDecisionSettings()).toEqual(expected);

    // Opening again shows what was saved.
    const again = await openModal();
    expect(field(again, chapterLabel(2)).value).toBe('Luettele oikeuskysymykset.');
  });

  it('Cancel and Escape discard the edits', async () => {
    store({ ...defaultDecisionSettings(), instructions: 'Tallennetut ohjeet' });
    let dialog = await openModal();
    fireEvent.change(field(dialog, 'Instructions'), { target: { value: 'Keskeneräinen muutos' } });
    press(dialog, 'Cancel');
    await closed();
    expect((stored() as DecisionSettings).instructions).toBe('Tallennetut ohjeet');

    dialog = await openModal();
    expect(field(dialog, 'Instructions').value).toBe('Tallennetut ohjeet');
    fireEvent.change(field(dialog, 'Instructions'), { target: { value: 'Toinen muutos' } });
    fireEvent.keyDown(field(dialog, 'Instructions'), { key: 'Escape' });
    await closed();
    dialog = await openModal();
    expect(field(dialog, 'Instructions').value).toBe('Tallennetut ohjeet');
  });

  it('Reset removes the stored settings and shows the defaults', async () => {
    store({ ...defaultDecisionSettings(), instructions: 'Vanhat ohjeet', temperature: 0.8, top_p: 0.2 });
    const dialog = await openModal();
    expect(field(dialog, 'Instructions').value).toBe('Vanhat ohjeet');
    press(dialog, 'Reset');
    expect(window.localStorage.getItem(DECISION_SETTINGS_KEY)).toBeNull();
    expect(field(dialog, 'Instructions').value).toBe(DEFAULT_DECISION_INSTRUCTIONS);
    expect(within(dialog).getByTestId('temperature-value').textContent).toBe('0.0');
    expect(within(dialog).getByTestId('top_p-value').textContent).toBe('1.0');
    expect(within(dialog).getByText('The default settings are restored.')).toBeTruthy();
  });

  it('refuses to save an empty chapter prompt and says so beside that field', async () => {
    store({ ...defaultDecisionSettings(), instructions: 'Ennallaan' });
    const dialog = await openModal();
    const prompt = field(dialog, chapterLabel(4));
    fireEvent.change(prompt, { target: { value: '   ' } });
    press(dialog, 'Save');
    const message = await within(dialog).findByText('Every chapter prompt must have text.');
    // Fluent's Field ties the message to its control.
    expect(prompt.getAttribute('aria-describedby') ?? '').toContain(message.id);
    expect(prompt.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getAllByText('Every chapter prompt must have text.')).toHaveLength(1);
    expect((stored() as DecisionSettings).instructions).toBe('Ennallaan');
    expect((stored() as DecisionSettings).chapterPrompts[4]).toBe(DEFAULT_CHAPTER_PROMPTS[4]);

    // Fixed, it saves.
    fireEvent.change(prompt, { target: { value: 'Arvioi.' } });
    press(dialog, 'Save');
    await closed();
    expect((stored() as DecisionSettings).chapterPrompts[4]).toBe('Arvioi.');
  });

  it('falls back to the defaults when the stored value no longer parses', async () => {
    window.localStorage.setItem(DECISION_SETTINGS_KEY, '{"instructions":"vanha","chapterPrompts":["yksi","kaksi"]}');
    let dialog = await openModal();
    expect(field(dialog, 'Instructions').value).toBe(DEFAULT_DECISION_INSTRUCTIONS);
    expect(field(dialog, chapterLabel(1)).value).toBe(DEFAULT_CHAPTER_PROMPTS[1]);
    press(dialog, 'Cancel');
    await closed();

    window.localStorage.setItem(DECISION_SETTINGS_KEY, 'not json {');
    dialog = await openModal();
    expect(field(dialog, 'Instructions').value).toBe(DEFAULT_DECISION_INSTRUCTIONS);
  });
});
