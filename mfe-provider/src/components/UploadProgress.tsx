import styled from 'styled-components';
import { Spinner, theme } from '@altmed/web-kit';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 500;
  background: rgba(247, 245, 240, 0.96);
  display: grid;
  place-items: center;
`;

const Panel = styled.div`
  display: grid;
  gap: 18px;
  width: min(420px, 90vw);
  justify-items: center;
`;

const Bars = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  width: 100%;
  display: grid;
  gap: 12px;
  li {
    display: grid;
    gap: 4px;
    font-size: 14px;
  }
  progress {
    width: 100%;
    height: 10px;
    accent-color: ${theme.colors.primary};
  }
`;

export interface FileProgress {
  label: string;
  /** 0 to 1. */
  fraction: number;
}

/** The full-page state while files upload (SPEC §2): the spec's text and one progress bar per file. */
export function UploadProgress({ message, files }: { message: string; files: FileProgress[] }) {
  return (
    <Overlay role="dialog" aria-modal="true" aria-label={message}>
      <Panel>
        <Spinner label={message} size={48} />
        <Bars>
          {files.map(({ label, fraction }) => (
            <li key={label}>
              <span>
                {label}: {Math.round(fraction * 100)}%
              </span>
              <progress aria-label={label} max={100} value={Math.round(fraction * 100)} />
            </li>
          ))}
        </Bars>
      </Panel>
    </Overlay>
  );
}
