import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { account } from '../helpers/security';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const patch = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/account/profile',
    headers: cookie ? { cookie } : {},
    payload: payload as Record<string, unknown>,
  });

describe('fill-new-user-info (SPEC §2)', () => {
  it('a new user is offered the screen; saving the names hides it and GET /account shows them at once', async () => {
    const { cookie } = await signIn(t);
    const before = (await account(t, cookie)).json();
    expect(before.showFillUserInfoPage).toBe(true);
    expect(before.user).toMatchObject({ firstName: null, lastName: null });

    const res = await patch(cookie, { firstName: '  زهرا ', lastName: 'Mohammadi-Far' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const after = (await account(t, cookie)).json();
    expect(after.showFillUserInfoPage).toBe(false);
    expect(after.user).toMatchObject({ firstName: 'زهرا', lastName: 'Mohammadi-Far' });
  });

  it('accepts Persian names with a zero-width non-joiner and spaces', async () => {
    const { cookie } = await signIn(t);
    const res = await patch(cookie, { firstName: 'محمد\u200cعلی', lastName: 'علی پور' });
    expect(res.statusCode).toBe(200);
    expect((await account(t, cookie)).json().user).toMatchObject({ firstName: 'محمد\u200cعلی', lastName: 'علی پور' });
  });

  it.each([
    [{ firstName: '', lastName: 'Ahmadi' }, 'firstName', 'required'],
    [{ firstName: '   ', lastName: 'Ahmadi' }, 'firstName', 'required'],
    [{ firstName: 'Ali', lastName: 'x'.repeat(51) }, 'lastName', 'nameMax'],
    [{ firstName: 'Ali2', lastName: 'Ahmadi' }, 'firstName', 'nameLetters'],
    [{ firstName: 'علی۲', lastName: 'Ahmadi' }, 'firstName', 'nameLetters'],
    [{ firstName: 'Ali', lastName: '<script>' }, 'lastName', 'nameLetters'],
  ])('bad input %j is refused (%s: %s) and changes nothing', async (payload, field, message) => {
    const { cookie } = await signIn(t);
    await account(t, cookie); // warm the cache: a refusal must not touch it either
    const res = await patch(cookie, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(body)).toContain(field);
    expect(JSON.stringify(body)).toContain(message);
    const after = (await account(t, cookie)).json();
    expect(after.showFillUserInfoPage).toBe(true);
    expect(after.user).toMatchObject({ firstName: null, lastName: null });
  });

  it('a missing field is refused', async () => {
    const { cookie } = await signIn(t);
    const res = await patch(cookie, { firstName: 'Ali' });
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect((await account(t, cookie)).json().user.firstName).toBeNull();
  });

  it('closing the screen hides it for good without a name', async () => {
    const { cookie, mobile } = await signIn(t);
    expect((await account(t, cookie)).json().showFillUserInfoPage).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/profile/dismiss-fill-info',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const after = (await account(t, cookie)).json();
    expect(after.showFillUserInfoPage).toBe(false);
    expect(after.user.firstName).toBeNull();

    t.clock.advance(61);
    const again = await signIn(t, mobile);
    expect((await account(t, again.cookie)).json().showFillUserInfoPage).toBe(false);
  });

  it('both need a session', async () => {
    expect((await patch(undefined, { firstName: 'Ali', lastName: 'Ahmadi' })).json().code).toBe('UNAUTHENTICATED');
    const res = await t.app.inject({ method: 'POST', url: '/api/account/profile/dismiss-fill-info' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});
