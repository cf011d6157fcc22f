import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

function cameFromThisSite(): boolean {
  if (!document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * A legal page's Return button (docs/product.md section 2): back when the visitor came from this
 * site, otherwise home. Navigation inside the app does not change document.referrer, so
 * an earlier in-app page (location.key is 'default' only on the first page of a visit)
 * also counts as coming from this site.
 */
export function ReturnButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();

  const goBack = () => {
    if (location.key !== 'default') void navigate(-1);
    else if (cameFromThisSite()) window.history.back();
    else void navigate('/home');
  };

  return (
    <Button appearance="secondary" onClick={goBack}>
      {t('legal.return')}
    </Button>
  );
}
