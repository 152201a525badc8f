import { describe, expect, it } from 'vitest';
import { withoutFieldNames } from './prerenderedScreens';

describe('prerendered markup', () => {
  it('drops the names of form fields, so a native submit before the app sends nothing', () => {
    const html =
      '<meta name="x"><form><input id="a" type="email" name="email" autocomplete="email">' +
      '<textarea name="note"></textarea><select name="plan"><option>x</option></select>' +
      '<button name="go">Go</button></form>';
    expect(withoutFieldNames(html)).toBe(
      '<meta name="x"><form><input id="a" type="email" autocomplete="email">' +
        '<textarea></textarea><select><option>x</option></select>' +
        '<button name="go">Go</button></form>',
    );
  });
});
