import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../shared/lib/product';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { LegalArticle } from './LegalArticle';
import { TERMS_UPDATED } from './legalDates';

/** /termsandconditions */
export function TermsScreen() {
  useDocumentTitle('Terms and Conditions');
  return (
    <LegalArticle title="Terms and Conditions" updated={TERMS_UPDATED}>
      <p>
        These terms apply to your use of {PRODUCT_NAME}, a service for playlist curators to manage
        playlists, keep a song catalogue, swap songs with other curators, build a network and
        exchange messages. By creating an account you accept them.
      </p>

      <h2>Your account</h2>
      <ul>
        <li>You need a verified e-mail address to use {PRODUCT_NAME}.</li>
        <li>
          Keep your password to yourself. You are responsible for what happens with your account.
        </li>
        <li>One person per account. Do not create accounts for others without their consent.</li>
      </ul>

      <h2>Streaming accounts</h2>
      <p>
        When you connect a Spotify account you allow {PRODUCT_NAME} to read your profile and
        playlists and to change the playlists you ask it to manage: adding, moving and removing
        tracks, keeping locked tracks at their positions and removing tracks on the dates you set.
        You can disconnect an account at any time from your profile. Your use of Spotify remains
        subject to Spotify&apos;s own terms.
      </p>

      <h2>Song catalogue and song swaps</h2>
      <ul>
        <li>Only add songs to your catalogue that you own or are allowed to represent.</li>
        <li>
          A song swap is an agreement between two curators to place each other&apos;s songs in their
          playlists for the agreed period. Keep to what you accepted, and report stream counts
          honestly.
        </li>
        <li>
          {PRODUCT_NAME} records whether swapped tracks stay in place and shows that record to both
          curators. It does not pay for, buy or guarantee streams.
        </li>
      </ul>

      <h2>Behaviour</h2>
      <p>
        Be respectful in messages and friend requests. Do not send spam, do not harass other
        curators, and do not use {PRODUCT_NAME} to manipulate streaming services in ways their rules
        forbid. We may suspend accounts that break these rules.
      </p>

      <h2>Trial, plans and payment</h2>
      <ul>
        <li>New accounts start with a free trial. When it ends, choose a plan to continue.</li>
        <li>
          Paid plans are billed monthly by card through our payment provider. A plan change takes
          effect immediately, with a prorated charge or credit.
        </li>
        <li>
          Each plan has limits (streaming accounts, playlists, track locks, open swaps, catalogue
          size). They are shown when you choose a plan.
        </li>
      </ul>

      <h2>Ending your account</h2>
      <p>
        You can delete your account at any time from <Link to="/profile">Your Profile</Link>. This
        removes your data as described in the <Link to="/privacy">Privacy Policy</Link> and cannot
        be undone.
      </p>

      <h2>Availability and liability</h2>
      <p>
        We work to keep {PRODUCT_NAME} available and your data safe, but the service depends on
        third parties such as Spotify and may change or be interrupted. To the extent the law
        allows, we are not liable for indirect losses, such as lost streams or revenue.
      </p>

      <h2>Changes</h2>
      <p>
        We may update these terms. We will tell you about important changes by e-mail or in the app
        before they apply.
      </p>
    </LegalArticle>
  );
}
