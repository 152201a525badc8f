import { describe, expect, it } from 'vitest';
import { profilePictureUrl } from './profilePicture.js';

describe('profilePictureUrl', () => {
  it('names the uploaded picture by its id', () => {
    expect(profilePictureUrl({ userProfilePicture: 'abc', images: ['https://i.scdn.co/a'] })).toBe(
      '/api/users/profile/picture/abc',
    );
  });

  it('asks for another size only when one is given', () => {
    expect(profilePictureUrl({ userProfilePicture: 'abc', images: [] }, 64)).toBe(
      '/api/users/profile/picture/abc?size=64',
    );
  });

  it('falls back to the last image of the images list', () => {
    expect(
      profilePictureUrl({
        userProfilePicture: null,
        images: ['https://i.scdn.co/first', 'https://i.scdn.co/last'],
      }),
    ).toBe('https://i.scdn.co/last');
  });

  it('is empty with no picture and no images', () => {
    expect(profilePictureUrl({ userProfilePicture: null, images: [] })).toBe('');
  });
});
