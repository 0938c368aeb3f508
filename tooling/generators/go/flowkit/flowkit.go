// Package flowkit holds what the two Go flows share: the webhook receiver the flow points its
// project at, the report each flow prints, and small helpers. The flows themselves
// (oapi-codegen-flow, ogen-flow) call the API only through the client their generator made.
package flowkit

import (
	"bytes"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"sync"
	"time"
)

// WebhookSecret is what the flow sets as its project's webhook secret; the receiver checks it.
const WebhookSecret = "generated-client-secret"

// Report is what a flow saw, printed as one JSON line; tooling/generators/run.mjs checks it.
type Report struct {
	ProjectsListed   int      `json:"projectsListed"`
	WebhookSecretSet bool     `json:"webhookSecretSet"`
	CreatedID        string   `json:"createdId"`
	CreatedStatus    string   `json:"createdStatus"`
	ClockMoved       string   `json:"clockMoved"`
	RetrievedStatus  string   `json:"retrievedStatus"`
	DeliveryEvents   []string `json:"deliveryEvents"`
	DeliveryStatuses []string `json:"deliveryStatuses"`
	ReceivedEvents   []string `json:"receivedEvents"`
	CsvHeader        string   `json:"csvHeader"`
	BulkObject       string   `json:"bulkObject"`
	BulkArticles     []string `json:"bulkArticles"`
	ZipMagic         string   `json:"zipMagic"`
	ZipBytesMatch    bool     `json:"zipBytesMatch"`
	NotFoundStatus   int      `json:"notFoundStatus"`
	NotFoundType     string   `json:"notFoundType"`
	NewStatusRead    string   `json:"newStatusRead"`
}

// Print writes the report as one JSON line on standard output.
func (r *Report) Print() {
	line, err := json.Marshal(r)
	if err != nil {
		Fail("encode the report", err)
	}
	fmt.Println(string(line))
}

// Fail prints what went wrong and exits 1: the first surprise ends the flow.
func Fail(what string, detail any) {
	fmt.Fprintf(os.Stderr, "%s: %v\n", what, detail)
	os.Exit(1)
}

// Args are the server's base URL and the main API key, from the command line.
func Args() (baseURL, apiKey string) {
	if len(os.Args) != 3 {
		Fail("usage", "flow <server url> <main API key>")
	}
	return os.Args[1], os.Args[2]
}

// Receiver is a webhook receiver on a loopback port: it checks `x-service-key` and answers as
// the spec's receivers do, remembering the events it took.
type Receiver struct {
	URL    string
	mu     sync.Mutex
	events []string
}

// StartReceiver listens on 127.0.0.1 (an ephemeral port) until the process ends.
func StartReceiver() *Receiver {
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		Fail("start the webhook receiver", err)
	}
	receiver := &Receiver{URL: "http://" + listener.Addr().String() + "/webhook"}
	go func() {
		_ = http.Serve(listener, http.HandlerFunc(receiver.serve))
	}()
	return receiver
}

func (r *Receiver) serve(w http.ResponseWriter, req *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	key := []byte(req.Header.Get("x-service-key"))
	if subtle.ConstantTimeCompare(key, []byte(WebhookSecret)) != 1 {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"success":false,"error":"Invalid secret"}`))
		return
	}
	_, _ = io.Copy(io.Discard, req.Body)
	r.mu.Lock()
	r.events = append(r.events, req.Header.Get("x-service-event"))
	r.mu.Unlock()
	_, _ = w.Write([]byte(`{"success":true,"url":"/articles/generated"}`))
}

// Events are the events received so far, in order.
func (r *Receiver) Events() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string{}, r.events...)
}

// SignedQuery reads `expires` and `signature` from a ready export's download_url.
func SignedQuery(downloadURL string) (expires, signature string) {
	parsed, err := url.Parse(downloadURL)
	if err != nil {
		Fail("parse download_url", err)
	}
	return parsed.Query().Get("expires"), parsed.Query().Get("signature")
}

// Poll calls ready up to 200 times, 25 ms apart, until it answers true.
func Poll(what string, ready func() bool) {
	for i := 0; i < 200; i++ {
		if ready() {
			return
		}
		time.Sleep(25 * time.Millisecond)
	}
	Fail(what, "not ready after 5 s")
}

// ZipMagic is "PK" when data starts as a ZIP file does.
func ZipMagic(data []byte) string {
	if bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return "PK"
	}
	return fmt.Sprintf("%q", data[:min(len(data), 4)])
}

// WithStatus is `item` (a JSON object) with its `status` set to a value this version never sends,
// to show that the generated model still reads it.
func WithStatus(item []byte, status string) []byte {
	var fields map[string]any
	if err := json.Unmarshal(item, &fields); err != nil {
		Fail("read a content item as JSON", err)
	}
	fields["status"] = status
	changed, err := json.Marshal(fields)
	if err != nil {
		Fail("write a content item as JSON", err)
	}
	return changed
}
