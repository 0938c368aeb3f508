package flow;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.sun.net.httpserver.HttpServer;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import rankquill.api.AdminApi;
import rankquill.api.ContentApi;
import rankquill.api.ExportsApi;
import rankquill.api.ProjectsApi;
import rankquill.api.WebhooksApi;
import rankquill.client.ApiClient;
import rankquill.client.ApiException;
import rankquill.model.BulkExport;
import rankquill.model.BulkExportCreateParams;
import rankquill.model.BulkExportDocument;
import rankquill.model.ClockAdvanceParams;
import rankquill.model.ContentExportArticle;
import rankquill.model.ContentItem;
import rankquill.model.ContentItemCreateParams;
import rankquill.model.ContentItemCreateResponse;
import rankquill.model.Delivery;
import rankquill.model.Project;
import rankquill.model.ProjectUpdateParams;
import rankquill.model.WebhookSettingsParams;

/**
 * The main flow through the Java client (okhttp-gson) that openapi-generator makes from the served
 * /openapi.json, as a user of that tool writes it. tooling/generators/run.mjs generates the client,
 * compiles it with this file (Maven) and runs {@code java flow.Flow <server url> <main API key>}.
 * It prints one JSON line of what it saw and exits 1 on the first surprise.
 */
public final class Flow {
  private static final String WEBHOOK_SECRET = "generated-client-secret";

  private Flow() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 2) throw new IllegalArgumentException("usage: Flow <server url> <main API key>");
    ApiClient client = new ApiClient();
    client.setBasePath(args[0]);
    // Sent only with the operations that take the main API key (not admin routes, not downloads).
    client.setBearerToken(args[1]);
    ProjectsApi projects = new ProjectsApi(client);
    ContentApi content = new ContentApi(client);
    ExportsApi exports = new ExportsApi(client);
    List<String> received = new ArrayList<>();
    HttpServer receiver = startReceiver(received);
    Map<String, Object> report = new LinkedHashMap<>();
    try {
      List<Project> listed = projects.projectsList(10, null).getData();
      report.put("projectsListed", listed.size());
      String projectId = listed.get(0).getId();

      URI hook = URI.create("http://127.0.0.1:" + receiver.getAddress().getPort() + "/webhook");
      Project updated = projects.projectsUpdate(
          projectId, new ProjectUpdateParams().webhook(new WebhookSettingsParams().url(hook).secret(WEBHOOK_SECRET)));
      report.put("webhookSecretSet", updated.getWebhook().getSecretSet());

      ContentItemCreateResponse created =
          content.contentCreate(projectId, new ContentItemCreateParams().keyword("cold brew"), null);
      report.put("createdId", created.getId());
      report.put("createdStatus", created.getStatus());

      String now = new AdminApi(client).adminClockAdvance(new ClockAdvanceParams().seconds(BigDecimal.valueOf(3600)))
          .getNow().toInstant().toString();
      report.put("clockMoved", now.replace(".000Z", "Z"));

      ContentItem retrieved = content.contentRetrieve(projectId, created.getId());
      report.put("retrievedStatus", retrieved.getStatus());
      // A later version may send a status and fields this one does not know; the model reads them.
      // The server's own JSON (the model's toJson leaves out the nulls a required field holds).
      String raw;
      try (okhttp3.Response answer = client.getHttpClient().newCall(new okhttp3.Request.Builder()
          .url(args[0] + "/v1/projects/" + projectId + "/content/" + created.getId())
          .header("Authorization", "Bearer " + args[1]).build()).execute()) {
        raw = answer.body().string();
      }
      JsonObject newer = JsonParser.parseString(raw).getAsJsonObject();
      newer.addProperty("status", "archived");
      newer.addProperty("field_of_a_later_version", true);
      report.put("newStatusRead", ContentItem.fromJson(newer.toString()).getStatus());

      List<String> events = new ArrayList<>();
      List<String> statuses = new ArrayList<>();
      for (Delivery delivery : new WebhooksApi(client).deliveriesList(projectId, 10, null).getData()) {
        events.add(delivery.getEvent());
        statuses.add(delivery.getStatus());
      }
      report.put("deliveryEvents", events);
      report.put("deliveryStatuses", statuses);
      synchronized (received) {
        report.put("receivedEvents", new ArrayList<>(received));
      }

      String csv = exports.contentExportCsv(projectId);
      report.put("csvHeader", csv.split("\r\n", 2)[0]);

      BulkExport jsonExport = readyExport(exports, projectId, BulkExportCreateParams.FormatEnum.JSON);
      Map<String, String> query = signedQuery(jsonExport.getDownloadUrl());
      BulkExportDocument document =
          exports.exportsDownloadJson(projectId, jsonExport.getId(), query.get("expires"), query.get("signature"));
      report.put("bulkObject", document.getObject());
      List<String> articles = new ArrayList<>();
      if (document.getContent() != null) {
        for (ContentExportArticle article : document.getContent().getArticles()) articles.add(article.getId());
      }
      report.put("bulkArticles", articles);

      BulkExport zipExport = readyExport(exports, projectId, BulkExportCreateParams.FormatEnum.CSV);
      query = signedQuery(zipExport.getDownloadUrl());
      File zip = exports.exportsDownloadZip(projectId, zipExport.getId(), query.get("expires"), query.get("signature"));
      byte[] bytes = Files.readAllBytes(zip.toPath());
      report.put("zipMagic", bytes.length >= 4 && bytes[0] == 'P' && bytes[1] == 'K' && bytes[2] == 3 && bytes[3] == 4 ? "PK" : "?");
      report.put("zipBytesMatch", zipExport.getSizeBytes() != null && bytes.length == zipExport.getSizeBytes());
      Files.delete(zip.toPath());

      try {
        content.contentRetrieve(projectId, "cnt_missing");
        throw new IllegalStateException("retrieving cnt_missing succeeded");
      } catch (ApiException error) {
        report.put("notFoundStatus", error.getCode());
        report.put("notFoundType", rankquill.model.Error.fromJson(error.getResponseBody()).getError().getType());
      }
    } catch (ApiException error) {
      System.err.println("answered " + error.getCode() + ": " + error.getResponseBody());
      System.exit(1);
    } finally {
      receiver.stop(0);
    }
    System.out.println(new Gson().toJson(report));
  }

  /** Starts a bulk export of the project's content in {@code format} and polls it until ready. */
  private static BulkExport readyExport(ExportsApi exports, String projectId, BulkExportCreateParams.FormatEnum format)
      throws ApiException, InterruptedException {
    BulkExport current = exports.exportsCreate(projectId, new BulkExportCreateParams()
        .addTypesItem(BulkExportCreateParams.TypesEnum.CONTENT).format(format), null);
    for (int i = 0; i < 200 && !("ready".equals(current.getStatus()) && current.getDownloadUrl() != null); i++) {
      Thread.sleep(25);
      current = exports.exportsRetrieve(projectId, current.getId());
    }
    if (!"ready".equals(current.getStatus())) throw new IllegalStateException("export not ready: " + current);
    return current;
  }

  /** {@code expires} and {@code signature} from a ready export's download_url. */
  private static Map<String, String> signedQuery(String downloadUrl) {
    Map<String, String> query = new LinkedHashMap<>();
    for (String pair : URI.create(downloadUrl).getRawQuery().split("&")) {
      String[] parts = pair.split("=", 2);
      query.put(parts[0], java.net.URLDecoder.decode(parts[1], StandardCharsets.UTF_8));
    }
    return query;
  }

  /** A webhook receiver on a loopback port that checks x-service-key and answers as the spec's receivers do. */
  private static HttpServer startReceiver(List<String> received) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/webhook", exchange -> {
      exchange.getRequestBody().readAllBytes();
      String key = exchange.getRequestHeaders().getFirst("x-service-key");
      boolean valid = key != null && MessageDigest.isEqual(
          key.getBytes(StandardCharsets.UTF_8), WEBHOOK_SECRET.getBytes(StandardCharsets.UTF_8));
      byte[] answer = (valid ? "{\"success\":true,\"url\":\"/articles/generated\"}"
          : "{\"success\":false,\"error\":\"Invalid secret\"}").getBytes(StandardCharsets.UTF_8);
      if (valid) {
        synchronized (received) {
          received.add(exchange.getRequestHeaders().getFirst("x-service-event"));
        }
      }
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      exchange.sendResponseHeaders(valid ? 200 : 401, answer.length);
      try (OutputStream body = exchange.getResponseBody()) {
        body.write(answer);
      }
    });
    server.start();
    return server;
  }
}
