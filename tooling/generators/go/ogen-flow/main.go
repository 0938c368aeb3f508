// The main flow through the client ogen generates from the served /openapi.json, as a user of
// that tool writes it: `ogen --config ogen.yml --target ogenclient --package ogenclient
// openapi.json`, then this program against the server: `go run ./ogen-flow <server url> <main
// API key>`. It prints one JSON line of what it saw (flowkit.Report) and exits 1 on the first
// surprise.
package main

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"strings"

	"rankquill.local/generators/flowkit"
	"rankquill.local/generators/ogenclient"
)

// keys gives the main API key to the operations that take it; the others ask for none.
type keys struct{ apiKey string }

func (k keys) Bearer(context.Context, ogenclient.OperationName) (ogenclient.Bearer, error) {
	return ogenclient.Bearer{Token: k.apiKey}, nil
}

func (k keys) ServiceKey(context.Context, ogenclient.OperationName) (ogenclient.ServiceKey, error) {
	return ogenclient.ServiceKey{}, fmt.Errorf("the flow calls no public article API operation")
}

func (k keys) WebhookSecret(context.Context, ogenclient.OperationName) (ogenclient.WebhookSecret, error) {
	return ogenclient.WebhookSecret{}, fmt.Errorf("the flow sends no webhook")
}

func main() {
	baseURL, apiKey := flowkit.Args()
	ctx := context.Background()
	client, err := ogenclient.NewClient(baseURL, keys{apiKey})
	check("make the client", err)
	receiver := flowkit.StartReceiver()
	report := flowkit.Report{}

	projects := answer[*ogenclient.ProjectsListOKHeaders]("list projects")(
		client.ProjectsList(ctx, ogenclient.ProjectsListParams{Limit: ogenclient.NewOptInt(10)}))
	report.ProjectsListed = len(projects.Response.Data)
	projectID := projects.Response.Data[0].ID

	hook, err := url.Parse(receiver.URL)
	check("read the receiver URL", err)
	updated := answer[*ogenclient.ProjectHeaders]("update the webhook")(client.ProjectsUpdate(ctx,
		&ogenclient.ProjectUpdateParams{Webhook: ogenclient.NewOptNilWebhookSettingsParams(
			ogenclient.WebhookSettingsParams{URL: *hook, Secret: flowkit.WebhookSecret})},
		ogenclient.ProjectsUpdateParams{ProjectId: projectID}))
	webhook, ok := updated.Response.Webhook.Get()
	report.WebhookSecretSet = ok && webhook.SecretSet

	created := answer[*ogenclient.ContentItemCreateResponseHeaders]("create content")(client.ContentCreate(ctx,
		&ogenclient.ContentItemCreateParams{Keyword: "cold brew"}, ogenclient.ContentCreateParams{ProjectId: projectID}))
	report.CreatedID = created.Response.ID
	report.CreatedStatus = created.Response.Status

	advanced := answer[*ogenclient.ClockStateHeaders]("advance the clock")(
		client.AdminClockAdvance(ctx, &ogenclient.ClockAdvanceParams{Seconds: 3600}))
	report.ClockMoved = advanced.Response.Now.UTC().Format("2006-01-02T15:04:05Z")

	retrieved := answer[*ogenclient.ContentItemHeaders]("retrieve content")(client.ContentRetrieve(ctx,
		ogenclient.ContentRetrieveParams{ProjectId: projectID, ContentId: created.Response.ID}))
	report.RetrievedStatus = retrieved.Response.Status
	item, err := retrieved.Response.MarshalJSON()
	check("write the content item as JSON", err)
	var newer ogenclient.ContentItem
	check("read a status this version does not send", newer.UnmarshalJSON(flowkit.WithStatus(item, "archived")))
	report.NewStatusRead = newer.Status

	deliveries := answer[*ogenclient.DeliveriesListOKHeaders]("list deliveries")(client.DeliveriesList(ctx,
		ogenclient.DeliveriesListParams{ProjectId: projectID, Limit: ogenclient.NewOptInt(10)}))
	for _, delivery := range deliveries.Response.Data {
		report.DeliveryEvents = append(report.DeliveryEvents, delivery.Event)
		report.DeliveryStatuses = append(report.DeliveryStatuses, delivery.Status)
	}
	report.ReceivedEvents = receiver.Events()

	csv := answer[*ogenclient.ContentExportCsvOKHeaders]("export CSV")(
		client.ContentExportCsv(ctx, ogenclient.ContentExportCsvParams{ProjectId: projectID}))
	text, err := io.ReadAll(csv.Response.Data)
	check("read the CSV", err)
	report.CsvHeader = strings.SplitN(string(text), "\r\n", 2)[0]

	jsonExport := readyExport(ctx, client, projectID, ogenclient.BulkExportCreateParamsFormatJSON)
	expires, signature := flowkit.SignedQuery(jsonExport.DownloadURL.Value)
	document := answer[*ogenclient.BulkExportDocumentHeaders]("download the JSON export")(client.ExportsDownloadJson(ctx,
		ogenclient.ExportsDownloadJsonParams{ProjectId: projectID, ExportId: jsonExport.ID, Expires: expires, Signature: signature}))
	report.BulkObject = document.Response.Object
	if content, ok := document.Response.Content.Get(); ok {
		for _, article := range content.Articles {
			report.BulkArticles = append(report.BulkArticles, article.ID)
		}
	}

	zipExport := readyExport(ctx, client, projectID, ogenclient.BulkExportCreateParamsFormatCsv)
	expires, signature = flowkit.SignedQuery(zipExport.DownloadURL.Value)
	zip := answer[*ogenclient.ExportsDownloadZipOKHeaders]("download the ZIP export")(client.ExportsDownloadZip(ctx,
		ogenclient.ExportsDownloadZipParams{ProjectId: projectID, ExportId: zipExport.ID, Expires: expires, Signature: signature}))
	data, err := io.ReadAll(zip.Response.Data)
	check("read the ZIP", err)
	report.ZipMagic = flowkit.ZipMagic(data)
	size, known := zipExport.SizeBytes.Get()
	report.ZipBytesMatch = known && len(data) == size

	missing, err := client.ContentRetrieve(ctx, ogenclient.ContentRetrieveParams{ProjectId: projectID, ContentId: "cnt_missing"})
	check("retrieve missing content", err)
	if notFound, ok := missing.(*ogenclient.ContentRetrieveNotFound); ok {
		report.NotFoundStatus = 404
		report.NotFoundType = notFound.Response.Error.Type
	}
	report.Print()
}

// readyExport starts a bulk export of the project's content in format and polls it until ready.
func readyExport(ctx context.Context, client *ogenclient.Client, projectID string,
	format ogenclient.BulkExportCreateParamsFormat) ogenclient.BulkExport {
	started := answer[*ogenclient.BulkExportHeaders]("start a bulk export")(client.ExportsCreate(ctx,
		&ogenclient.BulkExportCreateParams{
			Types:  []ogenclient.BulkExportCreateParamsTypesItem{ogenclient.BulkExportCreateParamsTypesItemContent},
			Format: format,
		}, ogenclient.ExportsCreateParams{ProjectId: projectID}))
	current := started.Response
	flowkit.Poll("wait for the bulk export", func() bool {
		current = answer[*ogenclient.BulkExportHeaders]("get the bulk export")(client.ExportsRetrieve(ctx,
			ogenclient.ExportsRetrieveParams{ProjectId: projectID, ExportId: started.Response.ID})).Response
		return current.Status == "ready" && !current.DownloadURL.Null
	})
	return current
}

// answer takes an operation's result and returns the answer of type T (the success one), or
// ends the flow naming the operation and what came instead (an error answer, a failed call).
func answer[T any](what string) func(any, error) T {
	return func(result any, err error) T {
		check(what, err)
		typed, ok := result.(T)
		if !ok {
			flowkit.Fail(what, fmt.Sprintf("answered %T %+v", result, result))
		}
		return typed
	}
}

func check(what string, err error) {
	if err != nil {
		flowkit.Fail(what, err)
	}
}
