import { directionsUrl, loadableImageUrl, mapPosition, providerAddress } from './providerDetails';

describe('provider details', () => {
  it('takes the map position only from valid coordinates', () => {
    expect(mapPosition({ _id: 'p', latitude: 39.75, longitude: -104.99 })).toEqual({ latitude: 39.75, longitude: -104.99 });
    expect(mapPosition({ _id: 'p' })).toBeNull();
    expect(mapPosition({ _id: 'p', latitude: 39.75 })).toBeNull();
    expect(mapPosition({ _id: 'p', latitude: 91, longitude: 0 })).toBeNull();
    expect(mapPosition({ _id: 'p', latitude: Number.NaN, longitude: 0 })).toBeNull();
  });

  it('builds the address from its parts when the record has no fullAddress', () => {
    expect(providerAddress({ _id: 'p', address: '1 Main St', city: 'Austin', state: 'TX', zip: '73301' })).toBe('1 Main St, Austin, TX, 73301');
    expect(providerAddress({ _id: 'p', fullAddress: '1 Main St, Austin, TX 73301', city: 'Elsewhere' })).toBe('1 Main St, Austin, TX 73301');
  });

  it('asks OpenStreetMap for directions to the address', () => {
    expect(directionsUrl('1 Main St, Austin, TX 73301')).toBe('https://www.openstreetmap.org/directions?to=1%20Main%20St%2C%20Austin%2C%20TX%2073301');
  });

  it('loads only URLs, never a bare storage key', () => {
    expect(loadableImageUrl('https://s3.example/a.jpg')).toBe('https://s3.example/a.jpg');
    expect(loadableImageUrl('/uploads/a.jpg')).toBe('/uploads/a.jpg');
    expect(loadableImageUrl('providers/p/headshot.jpg')).toBeNull();
    expect(loadableImageUrl(undefined)).toBeNull();
  });
});
