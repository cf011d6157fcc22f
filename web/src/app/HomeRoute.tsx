import HomePage from '../features/cases/routes/HomePage';
import { ArbitratorCasesSection } from '../features/tribunal/components/ArbitratorCasesSection';

/** `/`: the dashboard composed with the tribunal's "Cases as arbitrator". */
export default function HomeRoute() {
  return <HomePage extraSections={<ArbitratorCasesSection />} />;
}
