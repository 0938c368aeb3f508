// The main flow through the client oapi-codegen generates from the served /openapi.json, as a
// user of that tool writes it: `oapi-codegen -config oapi-codegen.yaml openapi.json`, then this
// program against the server: `go run ./oapi-codegen-flow <server url> <main API key>`.
// It prints one JSON line of what it saw (flowkit.Report) and exits 1 on the first surprise.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"rankquill.local/generators/flowkit"
	"rankquill.local/generators/oapiclient"
)

func main() {
	baseURL, apiKey := flowkit.Args()
	ctx := context.Background()
	bearer := oapiclient.WithRequestEditorFn(func(_ context.Context, req *http.Request) error {
		req.Header.Set("Authorization", "Bearer "+apiKey)
		return nil
	})
	client, err := oapiclient.NewClientWithResponses(baseURL, bearer)
	check("make the client", err)
	// Admin routes and the signed download take no API key.
	anonymous, err := oapiclient.NewClientWithResponses(baseURL)
	check("make the anonymous client", err)
	receiver := flowkit.StartReceiver()
	report := flowkit.Report{}

	limit := 10
	projects, err := client.ProjectsListWithResponse(ctx, &oapiclient.ProjectsListParams{Limit: &limit})
	check("list projects", err)
	expect("list projects", projects.StatusCode(), projects.JSON200 != nil, projects.Body)
	report.ProjectsListed = len(projects.JSON200.Data)
	projectID := projects.JSON200.Data[0].Id

	updated, err := client.ProjectsUpdateWithResponse(ctx, projectID, oapiclient.ProjectUpdateParams{
		Webhook: &oapiclient.WebhookSettingsParams{Url: receiver.URL, Secret: flowkit.WebhookSecret},
	})
	check("update the webhook", err)
	expect("update the webhook", updated.StatusCode(), updated.JSON200 != nil && updated.JSON200.Webhook != nil, updated.Body)
	report.WebhookSecretSet = updated.JSON200.Webhook.SecretSet

	created, err := client.ContentCreateWithResponse(ctx, projectID, &oapiclient.ContentCreateParams{},
		oapiclient.ContentItemCreateParams{Keyword: "cold brew"})
	check("create content", err)
	expect("create content", created.StatusCode(), created.JSON202 != nil, created.Body)
	report.CreatedID = created.JSON202.Id
	report.CreatedStatus = created.JSON202.Status

	advanced, err := anonymous.AdminClockAdvanceWithResponse(ctx, oapiclient.ClockAdvanceParams{Seconds: 3600})
	check("advance the clock", err)
	expect("advance the clock", advanced.StatusCode(), advanced.JSON200 != nil, advanced.Body)
	report.ClockMoved = advanced.JSON200.Now.UTC().Format("2006-01-02T15:04:05Z")

	retrieved, err := client.ContentRetrieveWithResponse(ctx, projectID, created.JSON202.Id)
	check("retrieve content", err)
	expect("retrieve content", retrieved.StatusCode(), retrieved.JSON200 != nil, retrieved.Body)
	report.RetrievedStatus = retrieved.JSON200.Status
	var newer oapiclient.ContentItem
	check("read a status this version does not send", json.Unmarshal(flowkit.WithStatus(retrieved.Body, "archived"), &newer))
	report.NewStatusRead = newer.Status

	deliveries, err := client.DeliveriesListWithResponse(ctx, projectID, &oapiclient.DeliveriesListParams{Limit: &limit})
	check("list deliveries", err)
	expect("list deliveries", deliveries.StatusCode(), deliveries.JSON200 != nil, deliveries.Body)
	for _, delivery := range deliveries.JSON200.Data {
		report.DeliveryEvents = append(report.DeliveryEvents, delivery.Event)
		report.DeliveryStatuses = append(report.DeliveryStatuses, delivery.Status)
	}
	report.ReceivedEvents = receiver.Events()

	csv, err := client.ContentExportCsvWithResponse(ctx, projectID)
	check("export CSV", err)
	expect("export CSV", csv.StatusCode(), csv.StatusCode() == 200, csv.Body)
	report.CsvHeader = strings.SplitN(string(csv.Body), "\r\n", 2)[0]

	jsonExport := readyExport(ctx, client, projectID, oapiclient.BulkExportCreateParamsFormatJson)
	expires, signature := flowkit.SignedQuery(*jsonExport.DownloadUrl)
	document, err := anonymous.ExportsDownloadJsonWithResponse(ctx, projectID, jsonExport.Id,
		&oapiclient.ExportsDownloadJsonParams{Expires: expires, Signature: signature})
	check("download the JSON export", err)
	expect("download the JSON export", document.StatusCode(), document.JSON200 != nil, document.Body)
	report.BulkObject = string(document.JSON200.Object)
	if document.JSON200.Content != nil {
		for _, article := range document.JSON200.Content.Articles {
			report.BulkArticles = append(report.BulkArticles, article.Id)
		}
	}

	zipExport := readyExport(ctx, client, projectID, oapiclient.BulkExportCreateParamsFormatCsv)
	expires, signature = flowkit.SignedQuery(*zipExport.DownloadUrl)
	zip, err := anonymous.ExportsDownloadZipWithResponse(ctx, projectID, zipExport.Id,
		&oapiclient.ExportsDownloadZipParams{Expires: expires, Signature: signature})
	check("download the ZIP export", err)
	expect("download the ZIP export", zip.StatusCode(), zip.StatusCode() == 200, nil)
	report.ZipMagic = flowkit.ZipMagic(zip.Body)
	report.ZipBytesMatch = zipExport.SizeBytes != nil && len(zip.Body) == *zipExport.SizeBytes

	missing, err := client.ContentRetrieveWithResponse(ctx, projectID, "cnt_missing")
	check("retrieve missing content", err)
	report.NotFoundStatus = missing.StatusCode()
	if missing.JSON404 != nil {
		report.NotFoundType = missing.JSON404.Error.Type
	}
	report.Print()
}

// readyExport starts a bulk export of the project's content in format and polls it until ready.
func readyExport(ctx context.Context, client *oapiclient.ClientWithResponses, projectID string,
	format oapiclient.BulkExportCreateParamsFormat) oapiclient.BulkExport {
	started, err := client.ExportsCreateWithResponse(ctx, projectID, &oapiclient.ExportsCreateParams{},
		oapiclient.BulkExportCreateParams{Types: []oapiclient.BulkExportCreateParamsTypes{oapiclient.Content}, Format: format})
	check("start a bulk export", err)
	expect("start a bulk export", started.StatusCode(), started.JSON202 != nil, started.Body)
	current := *started.JSON202
	flowkit.Poll("wait for the bulk export", func() bool {
		answer, err := client.ExportsRetrieveWithResponse(ctx, projectID, started.JSON202.Id)
		check("get the bulk export", err)
		expect("get the bulk export", answer.StatusCode(), answer.JSON200 != nil, answer.Body)
		current = *answer.JSON200
		return current.Status == "ready" && current.DownloadUrl != nil
	})
	return current
}

func check(what string, err error) {
	if err != nil {
		flowkit.Fail(what, err)
	}
}

func expect(what string, status int, ok bool, body []byte) {
	if !ok {
		flowkit.Fail(what, fmt.Sprintf("answered %d: %s", status, body))
	}
}
