// Package invite is 03 §7.1–§7.6: invites to a space.
//
//   - §7.1 the invite secret (32 random bytes) and the invite key it stands
//     for (NewSecret, CheckSecret, KeyPair, DID, DIDOfInvite);
//   - §7.2 the sys.invite record that opens and closes an invite (OpenDraft,
//     CloseDraft, ReadRecord);
//   - §7.3 the join: the joiner's own sys.assign, signed by the invite key
//     over "minca/space-invite/v1|<spaceId>|<joinerDid>" (SignJoin,
//     VerifyJoin, JoinDraft), written only when JoinReady says the invite is
//     open in the current state. core/judge checks the same signature when it
//     turns a join into an access event (03 §3.3); the replay judges the join
//     as its openers' assignment (§4.5, core/access);
//   - §7.4 the invitation, a signed loose version in sys.invitation (Make,
//     Check), its string form and the links that carry it (Encode, Parse,
//     Extract);
//   - §7.5 role and view-only invites; §7.6 accepting and previewing
//     (AcceptString, Accept, Accepted.Preview).
//
// Every refusal is a *Refusal with a Reason a caller (and the UI) can branch
// on; errors.Is(err, ErrRefused) holds for all of them.
//
// The package is pure: no clock, files, network or global randomness. Time
// and randomness (an io.Reader) are arguments.
//
// Choices where 03 is silent (its §7.4 body table was lost; 04 §5.2 is
// missing) are marked "Choice:" beside the code:
//
//   - the body members are space, key, role, relays and nodes (the only ones
//     03's prose and example name); space is the space as handed around
//     (constitution and id);
//   - a role named in the body with no secret beside it is refused at
//     Accept (ReasonNoSecret): nothing could be joined with it;
//   - a secret part that is base64url but not 43 characters is refused while
//     parsing (§7.6 step 1) with its own reason, ReasonSecret, as step 5
//     would; one that is not base64url at all is ReasonParse. A secret
//     handed over as bytes (a short link's) is judged at step 5;
//   - a link's value is taken after the first of #invite=, ?invite= or
//     &invite= in the string, up to & or white space, without
//     percent-decoding (base64url and '.' need none);
//   - node URLs (04 §5.2, missing): wss:// (or ws:// on loopback) URLs with a
//     fragment that is a did:key and nothing else; "no URL twice" compares
//     the URL without its fragment, so one URL is never pinned to two DIDs;
//   - relays failing checkRelays are dropped whole (CheckRelays judges the
//     list), like nodes, and are no refusal (§7.6: "used only if they pass");
//   - a private space's invitation without a key is accepted: a role joiner
//     receives the key as a member (§9.4);
//   - the body's space is checked by check 2 as far as step 1 asks (an
//     object with a string id and name), so Check stands alone;
//   - Make refuses relays and nodes that break their rules, a key for a
//     public space and an invitation its own note does not allow, rather
//     than make what a joiner would ignore or refuse;
//   - MaxInviteLen (1 MiB) bounds the string a reader parses.
package invite
