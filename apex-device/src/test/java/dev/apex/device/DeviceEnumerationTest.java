package dev.apex.device;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.testkit.adb.FakeAdbServer;
import dev.apex.testkit.wda.FakeWda;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The one device enumeration against the real drivers' probes and the testkit's fakes on loopback:
 * the adb server's phones in each state, a WebDriverAgent that answers its {@code /status} and one
 * that does not within the deadline, and a probe that ignores its deadline.
 */
class DeviceEnumerationTest {

  @Test
  void listsTheSimTheAdbServersPhonesInEachStateAndAnAnsweringWda() {
    try (FakeAdbServer adb = FakeAdbServer.start();
        FakeWda wda = FakeWda.start()) {
      adb.addDevice("emulator-5554");
      adb.addDevice("R58M123").state("offline");
      adb.addDevice("0123456789ABCDEF").state("unauthorized");
      DeviceOptions options =
          new DeviceOptions(adb.address(), null, DeviceLimits.DEFAULTS, Map.of())
              .withListed(wda.url().toString(), List.of());

      List<DeviceListing> listed = DeviceEnumeration.list(options, Duration.ofSeconds(5));

      assertThat(listed)
          .extracting(DeviceListing::selector, l -> l.state().code())
          .containsExactly(
              org.assertj.core.groups.Tuple.tuple("sim", "ready"),
              org.assertj.core.groups.Tuple.tuple("android:emulator-5554", "ready"),
              org.assertj.core.groups.Tuple.tuple("android:R58M123", "offline"),
              org.assertj.core.groups.Tuple.tuple("android:0123456789ABCDEF", "unauthorized"),
              org.assertj.core.groups.Tuple.tuple("ios:" + wda.url(), "ready"));
      assertThat(listed.get(2).detail()).startsWith("offline: reconnect the cable");
      assertThat(listed.get(3).detail())
          .isEqualTo("unauthorised: accept the USB debugging prompt on the phone");
      assertThat(listed.get(4).detail())
          .isEqualTo("WebDriverAgent: WebDriverAgent is ready to accept commands");
      assertThat(wda.requests())
          .extracting(r -> r.method() + " " + r.path())
          .contains("GET /status");
    }
  }

  @Test
  void aWdaThatDoesNotAnswerInTimeAndAMissingAdbServerAreListedUnreachableSayingWhy()
      throws IOException {
    int closedPort;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = free.getLocalPort();
    }
    try (FakeWda wda = FakeWda.start()) {
      // Headers at once, then a byte every minute: only the deadline ends the question.
      wda.trickleNext("/status", Duration.ofMinutes(1));
      DeviceOptions options =
          new DeviceOptions("127.0.0.1:" + closedPort, null, DeviceLimits.DEFAULTS, Map.of())
              .withListed(wda.url().toString(), List.of());

      List<DeviceListing> listed = DeviceEnumeration.list(options, Duration.ofMillis(300));

      assertThat(listed)
          .extracting(DeviceListing::selector)
          .containsExactly("sim", "android", "ios:" + wda.url());
      assertThat(listed.get(0).ready()).isTrue();
      assertThat(listed.get(1).state()).isEqualTo(DeviceState.UNREACHABLE);
      assertThat(listed.get(1).detail())
          .contains("no adb server answering at 127.0.0.1:" + closedPort)
          .contains("adb start-server");
      assertThat(listed.get(2).state()).isEqualTo(DeviceState.UNREACHABLE);
      assertThat(listed.get(2).detail()).isEqualTo("did not answer /status within 300 ms");
    }
  }

  @Test
  void aProbeThatIgnoresItsDeadlineIsCutOffAndDoesNotHoldTheOthersUp() {
    CountDownLatch never = new CountDownLatch(1);
    try {
      DeviceProbe stuck =
          new DeviceProbe(
              "ios:http://stuck",
              "ios",
              deadline -> {
                never.await(1, TimeUnit.HOURS);
                return List.of();
              });
      DeviceProbe failing =
          new DeviceProbe(
              "webdriver:http://grid",
              "webdriver",
              deadline -> {
                throw new IOException("/status answered HTTP 503");
              });
      DeviceProbe sim = DeviceProbe.known(DeviceListing.ready("sim", "sim", "the sim"));

      List<DeviceListing> listed =
          DeviceEnumeration.run(List.of(failing, stuck, sim), Duration.ofMillis(200));

      assertThat(listed)
          .extracting(DeviceListing::selector, DeviceListing::detail)
          .containsExactly(
              org.assertj.core.groups.Tuple.tuple("sim", "the sim"),
              org.assertj.core.groups.Tuple.tuple(
                  "ios:http://stuck", "did not answer within 200 ms"),
              org.assertj.core.groups.Tuple.tuple(
                  "webdriver:http://grid", "/status answered HTTP 503"));
    } finally {
      never.countDown();
    }
  }
}
