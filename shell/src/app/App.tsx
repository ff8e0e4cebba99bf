import { BrowserRouter, useRoutes } from 'react-router-dom';
import { GlobalStyle, SessionProvider, Toaster } from '@altmed/web-kit';
import { FontFaces } from './fonts';
import { routes } from './routes';

export function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <SessionProvider>
      <GlobalStyle />
      <FontFaces />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Toaster />
    </SessionProvider>
  );
}
