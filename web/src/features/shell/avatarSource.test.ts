// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { avatarSource, initialsOf } from './avatarSource';

describe('avatarSource', () => {
  it('uses the uploaded picture when there is one', () => {
    expect(avatarSource({ userProfilePicture: 'pic-7', images: ['https://i.example/a.jpg'] })).toBe(
      '/api/users/profile/picture/pic-7',
    );
  });

  it('falls back to the last image of the images list', () => {
    expect(
      avatarSource({
        userProfilePicture: null,
        images: ['https://i.example/small.jpg', 'https://i.example/large.jpg'],
      }),
    ).toBe('https://i.example/large.jpg');
  });

  it('is empty without picture and images', () => {
    expect(avatarSource({ userProfilePicture: null, images: [] })).toBe('');
  });
});

describe('initialsOf', () => {
  it('takes the first letters of the first and last word', () => {
    expect(initialsOf('Ada King Lovelace')).toBe('AL');
  });

  it('takes one letter of a single name', () => {
    expect(initialsOf('  prince ')).toBe('P');
  });

  it('is empty for an empty name', () => {
    expect(initialsOf('')).toBe('');
  });
});
