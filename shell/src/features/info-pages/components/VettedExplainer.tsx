import styled from 'styled-components';
import { theme } from '@altmed/web-kit';

const Box = styled.section`
  margin: 8px 0 32px;
  padding: 24px 26px;
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-left: 6px solid ${theme.colors.primary};
  h2 {
    margin-top: 0;
  }
  ol {
    margin-bottom: 12px;
  }
  ${theme.mobile} {
    padding: 18px 16px;
  }
`;

/** What "vetted" means on this site: the checks a provider passes before members see the profile. */
export function VettedExplainer() {
  return (
    <Box aria-labelledby="vetted-title">
      <h2 id="vetted-title">What &ldquo;vetted&rdquo; means here</h2>
      <p>A provider appears to members only after our review team has approved their file. Before approving, we check:</p>
      <ol>
        <li>
          <strong>Identity and practice.</strong> The practitioner&rsquo;s name, practice and address, and a 10-digit National Provider Identifier (NPI), which
          we look up in the national NPI registry.
        </li>
        <li>
          <strong>Licences.</strong> Every state licence the provider lists, with its licence number and DEA registration, against that state&rsquo;s public
          licence records.
        </li>
        <li>
          <strong>Training.</strong> Board certifications, education and hospital affiliations, as stated by the provider and consistent with their licences.
        </li>
        <li>
          <strong>Ongoing standing.</strong> Patient reviews and reports to our team. A provider whose licence lapses or who does not keep to our standards is
          blocked and disappears from the site.
        </li>
      </ol>
      <p>
        Vetted means qualified and licensed, not that we recommend a particular treatment. Talk to your own doctor before you change or stop any treatment, and
        call 911 in an emergency.
      </p>
    </Box>
  );
}
