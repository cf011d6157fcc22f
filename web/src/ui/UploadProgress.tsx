import { Field, ProgressBar } from '@fluentui/react-components';

/**
 * An upload's progress: a determinate bar named by `label` (which should say the percentage), exposing
 * aria-valuenow in percent so assistive technology reads the same number.
 */
export function UploadProgress({ fraction, label }: { fraction: number; label: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <Field label={label} data-testid="upload-progress">
      <ProgressBar value={percent} max={100} thickness="large" aria-valuetext={`${percent}%`} />
    </Field>
  );
}
