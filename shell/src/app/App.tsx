import { BrowserRouter, useRoutes } from 'react-router-dom';
import { GlobalStyle, SessionProvider } from '@altmed/web-kit';
import { routes } from './routes';

export function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <SessionProvider>
      <GlobalStyle />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </SessionProvider>
  );
}
