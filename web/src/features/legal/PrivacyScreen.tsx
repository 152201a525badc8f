import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../shared/lib/product';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { LegalArticle } from './LegalArticle';
import { PRIVACY_UPDATED } from './legalDates';

/** /privacy */
export function PrivacyScreen() {
  useDocumentTitle('Privacy Policy');
  return (
    <LegalArticle title="Privacy Policy" updated={PRIVACY_UPDATED}>
      <p>
        This policy explains what {PRODUCT_NAME} stores about you, why, and how you can have it
        removed. We only keep what the service needs to work.
      </p>

      <h2>What we store</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your name, e-mail address, a hash of your password (never
          the password itself), your profile description, network and notification choices, and your
          profile picture if you upload one.
        </li>
        <li>
          <strong>Security records:</strong> sign-ins, sign-outs and password and e-mail changes, so
          you and we can spot misuse.
        </li>
        <li>
          <strong>Spotify accounts you connect:</strong> the account id and e-mail, and the access
          tokens Spotify gives us. Tokens are encrypted before they are stored and are never sent to
          your browser or to other users.
        </li>
        <li>
          <strong>Your music data:</strong> the playlists you manage with their settings (locks,
          removal dates, visibility) and daily follower counts, and your song catalogue.
        </li>
        <li>
          <strong>Song swaps:</strong> the swaps you open or receive, their songs, placements,
          reported streams and the record of whether tracks stayed in place.
        </li>
        <li>
          <strong>Your network and messages:</strong> friends, friend requests, friend groups and
          the messages you exchange with other curators.
        </li>
        <li>
          <strong>Billing:</strong> your plan and the customer reference of our payment provider.
          Card details are handled by the payment provider and never reach our servers.
        </li>
        <li>
          <strong>Error reports:</strong> when the app crashes it sends us the error and the page
          address, so we can fix it.
        </li>
      </ul>

      <h2>What other curators see</h2>
      <p>
        Your name, profile picture, profile description and network, and the playlists you mark as
        visible. In a song swap, the other curator sees the swap&apos;s songs and placements.
        Messages are seen only by the two people in the conversation.
      </p>

      <h2>Cookies</h2>
      <p>
        {PRODUCT_NAME} sets one cookie: a session cookie that keeps you signed in. It cannot be read
        by scripts, is sent only to {PRODUCT_NAME}, and ends when you sign out. We use no
        advertising or tracking cookies. Your browser&apos;s local storage may hold feature settings
        of the app; they contain no personal data.
      </p>

      <h2>Who processes your data</h2>
      <ul>
        <li>Spotify, for the accounts and playlists you connect.</li>
        <li>Our payment provider, when you buy a plan.</li>
        <li>Our e-mail provider, to send verification, password and notification e-mails.</li>
      </ul>
      <p>We do not sell your data.</p>

      <h2>Deleting your data</h2>
      <p>
        Delete your account from <Link to="/profile">Your Profile</Link> (you confirm with your
        password). This removes your account and everything listed above that belongs to it,
        including your connected Spotify accounts and their tokens, your catalogue, swaps and
        messages. Records we must keep by law, such as invoices, are kept only as long as required.
      </p>

      <h2>Your rights</h2>
      <p>
        You can see and correct your profile at any time, and ask us for a copy of your data or for
        its removal. E-mail notifications can be switched off in your profile.
      </p>
    </LegalArticle>
  );
}
