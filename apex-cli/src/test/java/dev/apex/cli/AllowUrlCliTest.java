package dev.apex.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.testkit.RecordingSleeper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --allow-url} on {@code apex run}, end to end in headless Chromium: the page of the user's
 * own {@code --device web:URL} opens again without asking, while a flow's {@code launch_app} of a
 * loopback URL at another origin ({@code localhost} for the device's {@code 127.0.0.1}) is refused,
 * naming the flag with the origin, before the page is requested; the same run with {@code
 * --allow-url ORIGIN} opens it; a bad origin is bad input (exit 2) before any device opens. The
 * site's request log shows what really reached it.
 */
@Tag("e2e")
class AllowUrlCliTest {

  @RegisterExtension static final FormSite site = FormSite.forTests();

  @TempDir Path dir;

  private Cli.Result apex(String... args) {
    return Cli.run(Wiring.DEFAULT.withSleeper(new RecordingSleeper()), Map.of(), args);
  }

  private Cli.Result runFlow(String... extra) throws Exception {
    return launching(other("/result?name=Ada"), extra);
  }

  private Cli.Result launching(String launch, String... extra) throws Exception {
    Path flow =
        Files.writeString(
            dir.resolve("greet.yaml"),
            "name: Greet\nsteps:\n  - launch_app: \""
                + launch
                + "\"\n  - assert_visible: { text: \"Hello, Ada!\" }\n");
    String[] args = {
      "run", "--device", "web:" + site.url("/form"), "--flow", flow.toString(), "--no-ocr"
    };
    String[] all = new String[args.length + extra.length];
    System.arraycopy(args, 0, all, 0, args.length);
    System.arraycopy(extra, 0, all, args.length, extra.length);
    return apex(Cli.withDb(dir.resolve("timeline.db"), all));
  }

  /** The site at another origin: the same server named localhost, not 127.0.0.1. */
  private static String other(String path) {
    return site.url(path).replace("http://127.0.0.1:", "http://localhost:");
  }

  private String origin() {
    return other("");
  }

  @Test
  void theDevicesOwnOriginOpensAgainWithoutTheFlag() throws Exception {
    Cli.Result run = launching(site.url("/result?name=Ada"));

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).contains("SUCCEEDED");
    assertThat(site.requests()).contains("/result?name=Ada");
  }

  @Test
  void aFlowsLaunchOfAnOriginNotAllowedIsRefusedNamingTheFlagAndNeverRequested() throws Exception {
    int before = site.requests().size();

    Cli.Result run = runFlow();

    assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out() + run.err())
        .contains("policy_denied: launch_app")
        .contains("--allow-url " + origin());
    List<String> requests = site.requests();
    assertThat(requests.subList(before, requests.size()))
        .as("the page behind the refused launch")
        .contains("/form")
        .noneMatch(r -> r.startsWith("/result"));
  }

  @Test
  void allowUrlNamingTheOriginOpensIt() throws Exception {
    Cli.Result run = runFlow("--allow-url", origin());

    assertThat(run.exit()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).contains("SUCCEEDED");
    assertThat(site.requests()).contains("/result?name=Ada");
  }

  @Test
  void aBadOriginIsBadInputBeforeAnyDeviceOpens() throws Exception {
    int before = site.requests().size();

    Cli.Result run = runFlow("--allow-url", "file:///etc");

    assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(2);
    assertThat(run.err().strip().lines()).hasSize(1);
    assertThat(run.err()).contains("--allow-url");
    assertThat(site.requests()).hasSize(before);
  }
}
