// Package invite is 03 §7.1–§7.6: invites to a space.
//
//   - §7.1 the invite secret (32 random bytes) and the invite key it stands
//     for (Secret, KeyPair, DID);
//   - §7.2 the sys.invite record that opens and closes an invite (OpenDraft,
//     CloseDraft, ReadRecord);
//   - §7.3 the join: the joiner's own sys.assign, signed by the invite key
//     over "minca/space-invite/v1|<spaceId>|<joinerDid>" (SignJoin,
//     VerifyJoin, JoinDraft). core/judge checks the same signature when it
//     turns a join into an access event (03 §3.3); the replay judges the join
//     as its openers' assignment (§4.5, core/access);
//   - §7.4 the invitation, a signed loose version in sys.invitation (Make,
//     Check), its string form and the links that carry it (Encode, Parse,
//     Extract);
//   - §7.5 role and view-only invites; §7.6 accepting and previewing (Accept,
//     Preview).
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
//   - the secret's length is judged at §7.6 step 5 (ReasonSecret), after the
//     invitation and the space, so a wrong-length secret after a good
//     invitation gets its own reason; step 1 only asks for base64url;
//   - a link's value is taken after the first of #invite=, ?invite= or
//     &invite= in the string, up to & or white space, without
//     percent-decoding (base64url and '.' need none);
//   - node URLs (04 §5.2, missing): wss:// (or ws:// on loopback) URLs with a
//     fragment that is a did:key and nothing else; "no URL twice" compares
//     the URL without its fragment, so one URL is never pinned to two DIDs;
//   - relays failing checkRelays are dropped whole (CheckRelays judges the
//     list), like nodes, and are no refusal (§7.6: "used only if they pass");
//   - a private space's invitation without a key is accepted: a role joiner
//     receives the key as a member (§9.4).
package invite
