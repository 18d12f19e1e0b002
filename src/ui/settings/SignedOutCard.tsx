import { loginPathFor } from '@src/lib/returnUrl';
import { Link } from 'react-router-dom';
import { linkButton } from '../../ui/button.css';
import * as cardCss from '../../ui/card.css';
import * as listCss from '../../ui/list.css';
import * as stateCss from '../../ui/state.css';

/** Shown on pages open to signed-out visitors (/organizations, /onboarding) when nobody is signed in. */
export function SignedOutCard({ returnTo, text }: { returnTo: string; text: string }) {
  return (
    <section className={cardCss.card} aria-label="Sign in required">
      <div className={listCss.listState}>
        <p className={stateCss.stateTitle}>You are signed out</p>
        <p className={stateCss.stateText}>{text}</p>
        <div className={stateCss.stateAction}>
          <Link to={loginPathFor(returnTo)} className={linkButton.primary}>
            Sign in
          </Link>
          <Link to="/auth/signup" className={linkButton.secondary}>
            Create an account
          </Link>
        </div>
      </div>
    </section>
  );
}
