import { Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import { PageContainer, PageTitle } from '@altmed/web-kit';
import { ComparePage } from '../features/compare';
import { DirectoryPage } from '../features/directory';
import { ProviderProfilePage } from '../features/provider-profile';

const Hint = styled.p`
  font-size: 16px;
`;

/** This remote's routes as the shell mounts them (SPEC §2), for running the remote on its own. */
export function StandaloneRoutes() {
  return (
    <Routes>
      <Route path="/providers" element={<DirectoryPage />} />
      <Route path="/provider-profile/:providerId" element={<ProviderProfilePage />} />
      <Route path="/compare" element={<ComparePage />} />
      <Route
        path="*"
        element={
          <PageContainer>
            <PageTitle>mfe-member</PageTitle>
            <Hint>Open /providers for the directory, or /provider-profile/&lt;providerId&gt; to see a provider profile.</Hint>
          </PageContainer>
        }
      />
    </Routes>
  );
}
