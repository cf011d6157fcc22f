import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PlaceholderPage } from '../../../ui/PlaceholderPage';

function cameFromThisSite(): boolean {
  if (!document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * A legal page whose text is not in the app yet, with the page's Return button:
 * back when the visitor came from this site, otherwise home (SPEC.md section 2).
 */
export function LegalPlaceholder({ title }: { title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();

  const goBack = () => {
    // location.key is 'default' on the first page of a visit; otherwise there is an in-app page to return to.
    if (location.key !== 'default' || cameFromThisSite()) void navigate(-1);
    else void navigate('/home');
  };

  return (
    <PlaceholderPage
      title={title}
      actions={
        <Button appearance="secondary" onClick={goBack}>
          {t('legal.return')}
        </Button>
      }
    />
  );
}
