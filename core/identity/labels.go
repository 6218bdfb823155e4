package identity

// Derivation labels (01 §5; brief §1.5). Each is the HKDF info, or the
// domain string hashed or signed, for exactly one purpose. A label ending in
// '|' is a prefix: the named input follows it.
const (
	// LabelIdentityKey: HKDF(ikm, ·, 48) → ScalarFrom; deriveKeyPairFromSeed.
	LabelIdentityKey = "minca/p256-identity-key/v1"
	// LabelAccountKey: HKDF(seed, ·, 32) → the account key (01 §11.1).
	LabelAccountKey = "minca/account-key/v1"
	// LabelContactKey: HKDF(seed, ·, 48) → ScalarFrom; the contact key (01 §10.1).
	LabelContactKey = "minca/p256-contact-key/v1"
	// LabelMemberKey: HKDF(account key, ·+spaceId, 48) → ScalarFrom (01 §10.2, 03 §9.1).
	LabelMemberKey = "minca/p256-member-key/v1|"
	// LabelDoorKey and LabelDoorSignKey: HKDF(contact scalar, ·+doorId, 48)
	// → ScalarFrom (part 07).
	LabelDoorKey     = "minca/p256-door-key/v1|"
	LabelDoorSignKey = "minca/p256-door-sign-key/v1|"
	// LabelDoorTopic: base64url(SHA-256(·+signKey)), a door's mailbox topic (07).
	LabelDoorTopic = "minca/door-topic/v1|"
	// LabelLocalKey: HKDF(seed, ·, 32) → the local key that seals a data
	// folder's registry at rest (01 §11.1, 05 §15). Our choice: no source
	// gives this label or input.
	LabelLocalKey = "minca/local-key/v1"

	// LabelSpaceInvite: HKDF(invite secret, ·, 32) → ikm of the invite key
	// (03 §7.1); also the first part of the join message (03 §7.3).
	LabelSpaceInvite = "minca/space-invite/v1"
	// LabelSpaceRead: HKDF(K, ·, 32) → ikm of the read key (03 §8.4).
	LabelSpaceRead = "minca/space-read/v1"
	// LabelSpaceKeyID: base64url(HKDF(K, ·, 16)) → a space key's id (03 §8.1).
	LabelSpaceKeyID = "minca/space-key-id/v1"
	// LabelSpaceSeal: HKDF(K, ·, 32) → the AES-256-GCM key of every envelope
	// under K (03 §8.1).
	LabelSpaceSeal = "minca/space-seal/v1"
	// LabelInviteLinkSecret and LabelInviteLinkSeal: HKDF(S, ·, 32) for a
	// short invite link (03 §7.7).
	LabelInviteLinkSecret = "minca/invite-link/v1|secret"
	LabelInviteLinkSeal   = "minca/invite-link/v1|seal"
	// LabelInviteTopic: base64url(SHA-256(·+base64url(pin))) (03 §7.7).
	LabelInviteTopic = "minca/invite-topic/v1|"

	// Derived account spaces (03 §13.1): K = HKDF(account key,
	// label+"/key/v1"+bound, 32), nonce = base64url(HKDF(account key,
	// label+"/nonce/v1"+bound, 32)[:12]).
	LabelAccountRegistry = "minca/account-registry"
	LabelContacts        = "minca/contacts"
	LabelCarry           = "minca/carry" // bound "|<carrier DID>|<gen>"
)

// Envelope and HPKE labels with the bound each one takes (01 §9).
const (
	// LabelRecordBody: a private body, bound {space, collection, key, keyId} (03 §8.3).
	LabelRecordBody = "minca/record-body/v1"
	// LabelEarlierKeys: earlier space keys, bound {space, keyId} (03 §9.3).
	LabelEarlierKeys = "minca/earlier-keys/v1"
	// LabelSpaceKeyBox: HPKE box of a space key, bound {space, keyId, to} (03 §9.4).
	LabelSpaceKeyBox = "minca/space-key-box/v1"
	// LabelAtRest: a registry entry at rest, bound {entry} (05 §15).
	LabelAtRest = "minca/at-rest/v1"
)

// NoteType is the type tag of a delegation note (01 §7; 03 §7.4).
const NoteType = "minca/ucan/dlg@1"
