import styled from 'styled-components';
import { Button, theme } from '@altmed/web-kit';

const Row = styled.div`
  display: flex;
  gap: 8px;
  margin-bottom: 8px;
  input {
    flex: 1;
    padding: 10px 14px;
    border-radius: ${theme.radii.md};
    border: 1.5px solid ${theme.colors.border};
    font-size: 15px;
    &:focus {
      outline: none;
      border-color: ${theme.colors.primary};
      box-shadow: 0 0 0 3px ${theme.colors.primarySoft};
    }
  }
`;

export interface RepeatableListProps {
  label: string;
  values: string[];
  placeholder: string;
  addLabel: string;
  onChange: (values: string[]) => void;
}

/** A list of text entries; the first entry cannot be removed (SPEC §5). */
export function RepeatableList({ label, values, placeholder, addLabel, onChange }: RepeatableListProps) {
  return (
    <div>
      {values.map((value, index) => (
        <Row key={index}>
          <input
            aria-label={`${label} ${index + 1}`}
            placeholder={placeholder}
            value={value}
            onChange={(e) => onChange(values.map((v, i) => (i === index ? e.target.value : v)))}
          />
          {index > 0 ? (
            <Button variant="ghost" size="sm" aria-label={`Remove ${label} ${index + 1}`} onClick={() => onChange(values.filter((_, i) => i !== index))}>
              Remove
            </Button>
          ) : null}
        </Row>
      ))}
      <Button variant="outline" size="sm" onClick={() => onChange([...values, ''])}>
        {addLabel}
      </Button>
    </div>
  );
}
