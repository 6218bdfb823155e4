package definition

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"minca.dev/desktop/core/record"
)

type vectorFile struct {
	TopicTags []struct {
		Name, Space, Collection, Field, Value, Tag string
		Labels                                     [2]string
	} `json:"topic_tags"`
	OnePer []struct {
		Name, Collection, Root, Sha256 string
		Parts                          []string
		Links                          []struct{ Rel, To string }
		WeaveKey                       string `json:"weave_key"`
	} `json:"one_per"`
}

func readVectors(t *testing.T) vectorFile {
	b, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var f vectorFile
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestTopicTagVectors(t *testing.T) {
	for _, v := range readVectors(t).TopicTags {
		t.Run(v.Name, func(t *testing.T) {
			key, err := tagKey([]byte(v.Labels[0]+v.Space), v.Labels[1])
			if err != nil {
				t.Fatal(err)
			}
			got, err := Tag(key, v.Collection, v.Field, v.Value)
			if err != nil || got != v.Tag {
				t.Fatalf("tag %s, want %s (%v)", got, v.Tag, err)
			}
			if v.Labels[1] == LabelTopicTags {
				pub, _ := PublicTagKey(v.Space)
				if again, _ := Tag(pub, v.Collection, v.Field, v.Value); again != v.Tag {
					t.Errorf("PublicTagKey gives %s", again)
				}
			}
		})
	}
}

func TestOnePerVector(t *testing.T) {
	for _, v := range readVectors(t).OnePer {
		var links []record.Link
		for _, l := range v.Links {
			links = append(links, record.Link{Rel: l.Rel, To: l.To})
		}
		got, err := OnePerKey(v.Collection, v.Parts, v.Root, nil, links, nil)
		if err != nil {
			t.Fatal(err)
		}
		// Our choice (§4.1): a rule naming @author puts the owner part
		// first; the hash after it is Weave's.
		want := record.OwnerPart(v.Root) + v.WeaveKey
		if got != want || !strings.Contains(v.Sha256, strings.TrimPrefix(v.WeaveKey, "one:")) {
			t.Errorf("key %s, want %s", got, want)
		}
		if record.ValidKey(got) != nil || !record.OwnedBy(got, v.Root) {
			t.Errorf("%s must be a key owned by %s", got, v.Root)
		}
	}
}
