import { emptyContactForm, firstContactError, signupBody, type ContactForm } from './contactRules';

const valid: ContactForm = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'secret1',
  phone: '555-123-4567',
  address: '',
  areas: ['Nutrition'],
  agreed: true,
};

describe('the member contact form rules (SPEC §5), in order', () => {
  it('passes a complete form; the address is optional', () => {
    expect(firstContactError(valid)).toBeNull();
  });

  it('reports each rule only once every earlier rule holds', () => {
    const steps: [Partial<ContactForm>, string][] = [
      [{}, 'You must agree to the Terms & Services'],
      [{ agreed: true }, 'First Name and Last Name are required'],
      [{ agreed: true, firstName: 'Ada', lastName: 'Lovelace' }, 'A valid email address is required'],
      [{ agreed: true, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }, 'Password must be at least 6 characters long'],
      [
        { agreed: true, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'secret1' },
        'Phone number must be in the format 000-000-0000',
      ],
      [
        { agreed: true, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'secret1', phone: '555-123-4567' },
        'Please select at least one area of interest',
      ],
    ];
    for (const [filled, message] of steps) expect(firstContactError({ ...emptyContactForm, ...filled })?.message).toBe(message);
  });

  it.each([
    [{ lastName: '   ' }, 'First Name and Last Name are required'],
    [{ email: 'ada@example' }, 'A valid email address is required'],
    [{ email: 'ada @example.com' }, 'A valid email address is required'],
    [{ password: '12345' }, 'Password must be at least 6 characters long'],
    [{ phone: '5551234567' }, 'Phone number must be in the format 000-000-0000'],
    [{ phone: '555-123-456' }, 'Phone number must be in the format 000-000-0000'],
    [{ areas: [] }, 'Please select at least one area of interest'],
  ])('refuses %j', (change, message) => {
    expect(firstContactError({ ...valid, ...change })?.message).toBe(message);
  });

  it('sends the name as first and last name joined', () => {
    expect(signupBody({ ...valid, firstName: ' Ada ', address: ' 1 Main St ' })).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'secret1',
      contactInfo: { phone: '555-123-4567', address: '1 Main St', specialties: ['Nutrition'] },
    });
  });
});
