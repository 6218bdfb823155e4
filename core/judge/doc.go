// Package judge turns access versions into access events and judges
// versions against a space's access history (03 Spaces).
//
// It implements:
//   - 03 §3.3, from a version to an event (EventFromVersion): every kind of
//     access event, at the record key its body names (03 §3.1, through
//     core/record's key helpers), with a sentinel error for each reason a
//     version yields none;
//   - 03 §3.4, what an access version from outside may be stored (MayStore);
//   - 03 §5.1, judge (Judge, Query): the six steps, with within;
//   - 03 §5.2, the standing of an ordinary record (Standing.Judge): the
//     eleven steps, giving the gatekeeper's four answers (record.Verdict:
//     stands, later, withdrawn, refused); an access version stands when its
//     event is applied (Standing.Access);
//   - GenesisOf, what the replay (core/access) reads of a checked space.
//
// Bodies are opened through an Opener (03 §8.3), so private spaces'
// decryption (issue 4) plugs in from outside; PublicBodies and NoKey are
// the two peers that need no key. An Opener that holds a private space's
// keys may also implement TopicKeys, to check topic tags (02 §8.4), and
// FirstKeys, to check onePer keys (02 §7.3).
//
// The package is pure: no clock, files, network or randomness.
//
// # Choices where the spec is silent or its tables were lost
//
//   - Access bodies (§3.1's table was lost; replay-readings' event table):
//     a body with a member its kind does not define yields no event, as
//     03 §2.2 and §7.4 say of grants and invitations; cutoff may appear in
//     every body and is read only for assign, remove, stepdown and revoke,
//     ignored whatever it holds for the other kinds.
//   - role: core/space.ParseDefinition (grants are payloads from the
//     writer's account to role:<name> about the space); a body naming
//     another role than its key's is a record-key mismatch.
//   - assign: did is any non-empty string (role: targets are the replay's
//     refusal, §4.5); role a role name; invite { key, signature } verified
//     over "minca/space-invite/v1|<space>|<did>" (§7.3).
//   - invite: key a did:key, role a role name, open a boolean. revoke: key
//     a did:key, the account is the version's root (replay-readings A21).
//   - definition: only the key is read (the body may be sealed or absent);
//     the name after collection: must be a definable collection name.
//   - key: keyId 22 base64url characters (16 bytes), readKey a P-256
//     did:key, earlier a string if present (it is not opened here, §9.3).
//   - relays, keepers: only their JSON types; checkRelays and checkKeepers
//     are the replay's refusals (§4.5), so such a change is dropped, not
//     absent. copies is null, absent or an integer.
//   - Notes (core/note): /access/change and /collection/define take
//     { collection, space } (for /collection/define the collection
//     defined); an ordinary version's note must allow /record/write (or
//     /record/delete) with { collection, space } (§5.2 step 2).
//   - §5.2 step 4 checks the first version only; the chain to prev is
//     core/record.Gate's, which runs before standing.
//   - §5.2 step 8 answers Later naming the version's own id: the whole
//     version is what is missing.
//   - §5.2 steps 9 and 11: a definition counts only if its body opens, its
//     name (if given) is its collection's, its topics are at most 8 field
//     paths, and its rules have no members but final, fixed and onePer
//     (Weave's create/edit/delete are grants in minca). onePer keys are
//     checked in public spaces only (the private key's label is not
//     given); a key whose parts name @author starts with the owner part
//     (docs/spec/02-records.md §4.1). Tags use minca/public-topics/v1| and
//     minca/topic-tags/v1.
//   - A withdrawn version is still judged on its rules and refused if they
//     fail (§5.1, 02 §9.4).
//   - An access version's standing (Standing.Access): applied stands,
//     waiting or not yet added is later, dropped (not allowed or struck) is
//     withdrawn, since a peer stores every well-formed access version
//     (§3.4); only one that yields no event is refused.
//   - The trusting reading of may (§2.2, a peer that cannot open a body) is
//     core/access's State.MayTrusting; its May is the strict reading.
package judge
