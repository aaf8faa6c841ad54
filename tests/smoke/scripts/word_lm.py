"""A word-level language model trained the way PyTorch's examples/word_language_model does it: no
torch.optim optimizer, the weights move by hand with p.data.add_(p.grad, alpha=-lr)."""

import torch
from torch import nn

torch.manual_seed(0)
ntokens, emsize, bptt, batch = 50, 16, 8, 4
data = torch.randint(0, ntokens, (400, batch))


class RNNModel(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.encoder = nn.Embedding(ntokens, emsize)
        self.rnn = nn.LSTM(emsize, emsize)
        self.decoder = nn.Linear(emsize, ntokens)

    def forward(self, x, hidden):
        out, hidden = self.rnn(self.encoder(x), hidden)
        return self.decoder(out), hidden


model = RNNModel()
criterion = nn.NLLLoss()
lr, clip = 5.0, 0.25
hidden = None
model.train()
for i in range(0, data.size(0) - 1 - bptt, bptt):
    x, y = data[i:i + bptt], data[i + 1:i + 1 + bptt]
    if hidden is not None:
        hidden = tuple(h.detach() for h in hidden)
    model.zero_grad()
    output, hidden = model(x, hidden)
    loss = criterion(torch.log_softmax(output, -1).view(-1, ntokens), y.reshape(-1))
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
    for p in model.parameters():
        p.data.add_(p.grad, alpha=-lr)
