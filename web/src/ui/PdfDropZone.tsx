import { Body1, Caption1, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { useDropzone } from 'react-dropzone';

const useStyles = makeStyles({
  zone: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalXS,
    minHeight: '88px',
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
    boxSizing: 'border-box',
    textAlign: 'center',
    borderRadius: tokens.borderRadiusMedium,
    ...shorthands.border(tokens.strokeWidthThick, 'dashed', tokens.colorNeutralStroke1),
    backgroundColor: tokens.colorNeutralBackground2,
    cursor: 'pointer',
    ':hover': {
      backgroundColor: tokens.colorNeutralBackground2Hover,
      ...shorthands.borderColor(tokens.colorBrandStroke1),
    },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
  },
  active: { ...shorthands.borderColor(tokens.colorBrandStroke1), backgroundColor: tokens.colorBrandBackground2 },
  disabled: {
    cursor: 'not-allowed',
    color: tokens.colorNeutralForegroundDisabled,
    ':hover': {
      backgroundColor: tokens.colorNeutralBackground2,
      ...shorthands.borderColor(tokens.colorNeutralStroke1),
    },
  },
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  title: { fontWeight: tokens.fontWeightSemibold },
  hint: { color: tokens.colorNeutralForeground3 },
});

export interface PdfDropZoneProps {
  /** Called with every file chosen or dropped, PDF or not: the caller checks and explains refusals. */
  onFiles: (files: File[]) => void;
  /** The zone's visible title, the start of its accessible name: "Upload PDF files to Claim". */
  label: string;
  /** The visible instruction inside the zone, after the title. */
  instructions: string;
  /** Shown below the zone, its description. */
  hint?: string;
  disabled?: boolean;
  /** Test id of the hidden file input. */
  inputTestId?: string;
}

/**
 * A drop zone for PDF files: drag and drop, or click (or Enter / Space) to open the file picker,
 * several files at once (docs/product.md section 2). The picker offers PDFs only, but a drop may bring
 * anything, so files are not filtered here; the caller refuses them with the spec's message.
 *
 * The zone is a button named by its visible text, title and instructions (WCAG 2.5.3 Label in
 * Name: speech users can say what they see), and described by the hint below it. The hidden file
 * input sits beside the button, not in it (an input inside a button is a nested interactive
 * control), and is named by the title.
 */
export function PdfDropZone({ onFiles, label, instructions, hint, disabled = false, inputTestId }: PdfDropZoneProps) {
  const styles = useStyles();
  const id = useId();
  const titleId = `${id}-title`;
  const instructionsId = `${id}-instructions`;
  const hintId = `${id}-hint`;
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop: (accepted) => {
      if (accepted.length > 0) onFiles(accepted);
    },
    multiple: true,
    disabled,
    // The hidden input (not the File System Access API) keeps the picker's PDF filter and works everywhere.
    useFsAccessApi: false,
  });
  return (
    <div className={styles.root}>
      <div
        {...getRootProps({
          role: 'button',
          'aria-labelledby': `${titleId} ${instructionsId}`,
          'aria-describedby': hint ? hintId : undefined,
          'aria-disabled': disabled || undefined,
          className: mergeClasses(styles.zone, isDragActive && styles.active, disabled && styles.disabled),
        })}
      >
        <Body1 id={titleId} className={styles.title}>
          {label}
        </Body1>{' '}
        {/* The space keeps the title and the instructions two words apart in the button's text. */}
        <Body1 id={instructionsId}>{instructions}</Body1>
      </div>
      <input {...getInputProps({ accept: 'application/pdf,.pdf' })} aria-label={label} data-testid={inputTestId} />
      {hint ? (
        <Caption1 id={hintId} className={styles.hint}>
          {hint}
        </Caption1>
      ) : null}
    </div>
  );
}
