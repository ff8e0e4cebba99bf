import { AreasOfInterest } from './AreasOfInterest';
import { Hero } from './Hero';
import { HowItWorks } from './HowItWorks';
import { PatientStories } from './PatientStories';
import { Pricing } from './Pricing';

/** Home (SPEC §1): hero, patient stories, areas of interest, pricing, how it works. */
export function HomePage() {
  return (
    <>
      <Hero />
      <PatientStories />
      <AreasOfInterest />
      <Pricing />
      <HowItWorks />
    </>
  );
}
