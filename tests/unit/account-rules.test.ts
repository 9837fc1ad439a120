import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isFemale, newPasswordProblem, nicknameProblem } from '@contracts/account-rules';

describe('nickname rule (contracts/account-rules.ts)', () => {
  it.each([
    ['小王', null],
    ['望京_Wang-01', null],
    ['望京看房人望京看房人望京看房人望', null],
    ['王', 'length'],
    ['一二三四五六七八九十一二三四五六七', 'length'],
    ['𠀀𠀁', null],
    ['小 王', 'chars'],
    ['<b>王</b>', 'chars'],
    ['王\u202e丽', 'chars'],
    ['小王123456', null],
    ['小王1234567', 'mobileLike'],
    ['13800138000', 'mobileLike'],
    // A number written with separators or in Chinese numerals is still a number.
    ['138-0013-8000', 'mobileLike'],
    ['138_0013_8000', 'mobileLike'],
    ['一三八零零一三八零零零', 'mobileLike'],
    ['小王12-34', null],
    ['一二三四五六', null],
    // The one detector (contracts/contact-details.ts): ids under their words, upper-case numerals, full width.
    ['微信abc123', 'contact'],
    ['QQ12345', 'contact'],
    ['加V_youju88', 'contact'],
    ['壹叁玖壹贰叁肆伍陆柒捌', 'mobileLike'],
    ['１３９１２３４５６７８', 'chars'],
    ['望京看房人', null],
  ])('%j → %s', (name, problem) => expect(nicknameProblem(name)).toBe(problem));

  it('never throws', () => fc.assert(fc.property(fc.string({ maxLength: 40 }), (s) => void nicknameProblem(s))));
});

describe('new password rule', () => {
  it.each([
    ['Youju2026', null],
    ['a1b2c3d4', null],
    ['a1!@#$%^&*()_+-=[]', null],
    ['a1b2c3d', 'length'],
    ['a1'.repeat(10) + 'x', 'length'],
    ['abcdefgh', 'weak'],
    ['12345678', 'weak'],
    ['abcd 1234', 'chars'],
    ['密码abc12345', 'chars'],
  ])('%j → %s', (password, problem) => expect(newPasswordProblem(password)).toBe(problem));

  it('accepts only what it describes: 8–20 printable ASCII with a letter and a digit', () =>
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (s) => {
        const ok = newPasswordProblem(s) === null;
        expect(ok).toBe(s.length >= 8 && s.length <= 20 && /^[\x21-\x7e]+$/.test(s) && /[A-Za-z]/.test(s) && /\d/.test(s));
      }),
    ));
});

it('shows the female default avatar for sex 2 only (spec §3: 1 or empty is male)', () => {
  expect([isFemale('2'), isFemale('1'), isFemale(''), isFemale('0')]).toEqual([true, false, false, false]);
});
