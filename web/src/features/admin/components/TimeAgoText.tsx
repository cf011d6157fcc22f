import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/format-date';
import { timeAgo } from '../time-ago';

/** "5 minutes ago" with the exact time as a tooltip. */
export function TimeAgoText({ value }: { value: Date | string }) {
  const { t } = useTranslation();
  const ago = timeAgo(value);
  const text =
    ago.kind === 'justNow'
      ? t('admin.justNow')
      : ago.kind === 'minutes'
        ? t('admin.minutesAgo', { count: ago.count })
        : ago.kind === 'hours'
          ? t('admin.hoursAgo', { count: ago.count })
          : ago.kind === 'days'
            ? t('admin.daysAgo', { count: ago.count })
            : ago.text;
  const date = new Date(value);
  return (
    <time dateTime={Number.isNaN(date.getTime()) ? undefined : date.toISOString()} title={formatDateTime(value)}>
      {text}
    </time>
  );
}
