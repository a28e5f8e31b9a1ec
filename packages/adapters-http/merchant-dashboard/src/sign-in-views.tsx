import { DASHBOARD_PATH } from './dashboard-auth.js';
import { type Frame, render, t, withLang } from './dashboard-frame.js';

export function signInPage(frame: Frame, token: string, message?: string) {
  const texts = t(frame);
  return render(
    frame,
    texts.signIn,
    <form method="post" action={withLang(`${DASHBOARD_PATH}/sign-in`, frame.lang)} class="card sign-in">
      {message ? (
        <p class="error" role="alert">
          {message}
        </p>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <label>
        {texts.login}
        <input name="login" autocomplete="username" required maxLength={200} />
      </label>
      <label>
        {texts.password}
        <input name="password" type="password" autocomplete="current-password" required maxLength={200} />
      </label>
      <button type="submit">{texts.signInButton}</button>
    </form>,
  );
}
