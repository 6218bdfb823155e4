// Package space holds what a space is (03 Spaces): the constitution and the
// space id (§1), checkSpace with its ten rules (§1.2), creating a space
// (§1.3), the founding roles and grants (§2.1, §2.2) with Grant.Fits, the
// commands peers check and the arguments they fill in (§2.3), role
// definitions (§2.4), the pure rules of successor spaces (§2.7), relays and
// keepers (§10) and profiles (§11).
//
// # Contract with the replay (core/access) and judge (core/judge)
//
//   - CheckSpace / ParseSpace give a *Space whose Constitution holds the
//     start state's inputs (03 §4.1): Founders (nil under top: "none"),
//     Roles (each role's first definition: Grants, and Nests, nil when
//     absent, read as []), Assigned (account → roles), and for a private
//     space EncryptionKeyID and ReadKey. A *Refusal names the rule broken;
//     NotJudged() says the peer must stay out of the space entirely.
//   - A Grant fits an invocation when its Cmd covers the command and its
//     policy holds over the arguments (Fits); Outcome gives the policy's
//     four-valued answer where a caller must not take an unopened body on
//     trust (03 §5.2 step 8). Key() is the canonical { cmd, pol } rivals
//     are compared by (03 §2.4).
//   - The arguments of §2.3 are built by RecordWriteArgs, RecordDeleteArgs,
//     CollectionDefineArgs, RoleDefineArgs, RoleArgs, MemberRemoveArgs and
//     NoArgs, so every peer fills them in alike.
//   - ParseDefinition, ParseSucceed, ParseRelays, ParseKeepers and
//     ParseProfile read the bodies of sys.role, sys.succeed, sys.relays,
//     sys.keepers and sys.profile versions.
//
// The package only reads and checks; who may do what over a history is the
// replay's. It is pure: no clock, files, network or randomness (Create takes
// its nonce, time and key from the caller).
//
// Choices where the spec is silent (the tables of 03 §1.1, §2.2, §2.3 and
// §3.1 were lost in our copy) are marked "Choice:" beside the code.
package space
