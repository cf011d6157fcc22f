import { makeStaticStyles, tokens } from '@fluentui/react-components';

/**
 * A visible focus indicator on every text field: Fluent marks a focused input only with a thin
 * underline, too faint for WCAG 2.4.7 at a glance. The field's wrapper (Fluent's stable `fui-`
 * class names) gets the same 2 px outline as buttons when the control inside it has keyboard or
 * text-entry focus (`:focus-visible`, which text inputs match on any focus).
 */
export const useFieldFocusStyles = makeStaticStyles({
  ':is(.fui-Input, .fui-Textarea, .fui-Select, .fui-Combobox, .fui-SpinButton):has(:focus-visible)': {
    outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
    outlineOffset: '2px',
  },
});

/**
 * The same 2 px outline on links: Fluent marks a keyboard-focused Link only with a double underline and sets
 * `outline-style: none` on it (a rule as specific as any class selector, hence `!important` here).
 * `[data-fui-focus-visible]` is Tabster's keyboard-focus marker; `:focus-visible` covers links outside it.
 */
export const useLinkFocusStyles = makeStaticStyles(`
  .fui-Link[data-fui-focus-visible], .fui-Link:focus-visible, a:not(.fui-Link):focus-visible, summary:focus-visible {
    outline: ${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2} !important;
    outline-offset: 2px;
    border-radius: ${tokens.borderRadiusSmall};
  }
`);
