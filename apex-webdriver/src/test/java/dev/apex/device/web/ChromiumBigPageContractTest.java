package dev.apex.device.web;

import org.junit.jupiter.api.Tag;

/** The Device contract on Chromium, starting on a page of 5,000 elements. */
@Tag("e2e")
class ChromiumBigPageContractTest extends ChromiumContract {

  @Override
  String startPath() {
    return "/big.html";
  }
}
