import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * Fluent's Card look (background, radius, shadow, a stroke that shows in high contrast, the column layout)
 * for a plain element: the sign-in card and the route error are on the first load, and they need none of
 * Card's selectable or interactive styles, which weigh several KB there.
 */
export const useCardLook = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    position: 'relative',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorTransparentStroke}`,
    boxShadow: tokens.shadow4,
  },
});
