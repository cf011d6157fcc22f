// The final outcome's line is shared with the admin screens: it lives in web/src/ui.
export { finalOutcomeText } from '../../ui/outcome-text';
